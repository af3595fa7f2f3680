/**
 * The ERP port: everything the product asks of an ERP, shaped after Business Central's API v2.0
 * (customers, vendors, items, salesOrders, purchaseOrders, transferOrders) so the BC connector fits
 * without changing callers:
 * - lists page with `top`/`skip` or by following `nextLink` (BC's @odata.nextLink) and answer `{ value, nextLink }`;
 * - every entity carries `etag` (BC's @odata.etag); updates take `ifMatch` and fail with `ErpConflictError`
 *   when the entity moved on (BC answers 412 Precondition Failed);
 * - `system_id` is the ERP's own id (BC's `id` GUID); the business keys (customer_no, item_no, …) are ours.
 *
 * Field names are the product's (snake_case, as the spec writes them); an implementation maps them.
 * `standalone` (default) is the product's own system of record; `business_central` is `business-central/`.
 */

export type ErpMode = 'standalone' | 'business_central';

/** A page of an entity list (BC: `{ value: [...], @odata.nextLink }`). */
export type ErpPage<T> = { value: T[]; nextLink: string | null };

/** Filters are equality on named fields (BC: `$filter=field eq 'value'`); `since` asks for rows changed after it. */
export type ErpListQuery = {
  top?: number;
  skip?: number;
  /** Continue a previous list; when given, the other options are taken from the link. */
  nextLink?: string;
  filter?: Record<string, string | number | boolean>;
  /** ISO timestamp: only rows modified after it (BC: lastModifiedDateTime gt …). */
  since?: string;
};

/**
 * Options every call may take: `user` is who asked, for the sync log (every `sync` call is logged by createErp).
 * There is no transaction option: the ERP is called outside any database transaction (a remote call must never
 * hold locks or a connection), so it sees committed data only. Document calls go through the outbox.
 */
export type ErpCallOptions = { user?: { id: number; username: string } | null };

export type Etagged = { etag: string; system_id: string };

/** Thrown when an `ifMatch` no longer matches (BC: 412). */
export class ErpConflictError extends Error {
  constructor(
    readonly entity: string,
    readonly key: string,
  ) {
    super(`${entity} ${key} was changed in the ERP. Reload it and try again.`);
  }
}
/**
 * Thrown when the ERP cannot be reached or refuses the call for a reason a retry may fix. `retryAfterMs` is how long
 * the ERP asked to wait (BC's Retry-After): the job queue does not run the job again before it has passed.
 */
export class ErpUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

// ---------- master data ----------

/** What a sync did: how many records it refreshed and a line for the sync log. */
export type ErpSyncResult = { records: number; message: string };

/** BC `customers`: franchises are customers of head office; retail customers are customers too. */
export type ErpCustomer = Etagged & {
  customer_no: string;
  name: string;
  address: string;
  address_2: string;
  district_code: string;
  city: string;
  post_code: string;
  country_region_code: string;
  phone_no: string;
  email: string;
  contact: string;
  /** A franchise (dealer/store company) rather than a retail customer. */
  is_franchise: boolean;
  blocked: boolean;
};
export type ErpCustomerInput = Omit<ErpCustomer, 'etag' | 'system_id' | 'is_franchise' | 'blocked'> & {
  blocked?: boolean;
};

export interface ErpCustomers {
  list(q?: ErpListQuery, o?: ErpCallOptions): Promise<ErpPage<ErpCustomer>>;
  get(customerNo: string, o?: ErpCallOptions): Promise<ErpCustomer | null>;
  findByPhone(phoneNo: string, o?: ErpCallOptions): Promise<ErpCustomer | null>;
  /** Refresh the local copy of the ERP's customers (all, or those changed since the last sync). */
  sync(opts: { syncAll?: boolean }, o?: ErpCallOptions): Promise<ErpSyncResult>;
}

/** BC `vendors`. */
export type ErpVendor = Etagged & {
  vendor_no: string;
  name: string;
  address: string;
  phone_no: string;
  email: string;
  blocked: boolean;
};
export interface ErpVendors {
  list(q?: ErpListQuery, o?: ErpCallOptions): Promise<ErpPage<ErpVendor>>;
  get(vendorNo: string, o?: ErpCallOptions): Promise<ErpVendor | null>;
}

/** A franchise with its head-office setup (BC: customer + the franchise setup extension table). */
export type ErpFranchise = Etagged & {
  customer_no: string;
  name: string;
  address: string;
  address_2: string;
  district_code: string;
  district_name: string;
  city: string;
  post_code: string;
  region_code: string;
  phone_no: string;
  email: string;
  contact: string;
  vendor_no: string;
  vendor_name: string;
  buy_from_code: string;
  buy_from_address: string;
  receipt_lead_time: number;
  consignment_location_code: string;
  consignment_warehouse_code: string;
  consignment_intransit_code: string;
  locations: {
    location_code: string;
    name: string;
    address: string;
    district_code: string;
    phone_no: string;
    is_active: boolean;
  }[];
};

/** A franchise's setup fields (product.md 3) that the ERP keeps and the product's franchise row mirrors, by the same names. */
export const FRANCHISE_SETUP_FIELDS = [
  'name',
  'address',
  'address_2',
  'district_code',
  'district_name',
  'city',
  'post_code',
  'region_code',
  'phone_no',
  'email',
  'contact',
  'vendor_no',
  'vendor_name',
  'buy_from_code',
  'buy_from_address',
  'receipt_lead_time',
  'consignment_location_code',
  'consignment_warehouse_code',
  'consignment_intransit_code',
] as const;
export type FranchiseSetupField = (typeof FRANCHISE_SETUP_FIELDS)[number];

/** The setup fields of a franchise, from the ERP's view or from the product's row (the two carry the same names). */
export const franchiseSetupOf = <T extends Record<FranchiseSetupField, unknown>>(f: T): Pick<T, FranchiseSetupField> =>
  Object.fromEntries(FRANCHISE_SETUP_FIELDS.map((k) => [k, f[k]])) as Pick<T, FranchiseSetupField>;

export interface ErpFranchises {
  list(q?: ErpListQuery, o?: ErpCallOptions): Promise<ErpPage<ErpFranchise>>;
  get(customerNo: string, o?: ErpCallOptions): Promise<ErpFranchise | null>;
  findByPhone(phoneNo: string, o?: ErpCallOptions): Promise<ErpFranchise | null>;
  /**
   * Brings one franchise up to date with the ERP. Standalone: the product is the record, so this refreshes
   * derived data (its stores, its number series for the current year) and stamps last_synced_at.
   */
  sync(customerNo: string, o?: ErpCallOptions): Promise<ErpSyncResult>;
}

/** BC `items` with `itemVariants` and `itemUnitsOfMeasure`; amounts are decimal strings, never floats. */
export type ErpItemVariant = { variant_code: string; description: string; blocked: boolean };
export type ErpItemUnitOfMeasure = { code: string; qty_per_unit_of_measure: string };
export type ErpItem = Etagged & {
  item_no: string;
  description: string;
  base_unit_of_measure: string;
  unit_price: string;
  item_category_code: string;
  blocked: boolean;
  /** BC's GTIN: the barcode on the package ('' or absent when the ERP keeps none). */
  gtin?: string;
  variants: ErpItemVariant[];
  units_of_measure: ErpItemUnitOfMeasure[];
};
/** BC sales prices / price list lines: one price per item (and variant) for a price group, valid from a date. */
export type ErpItemPrice = Etagged & {
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  /** The franchise (customer) or price group the price applies to; '' for every franchise. */
  sales_code: string;
  unit_price: string;
  starting_date: string | null;
  ending_date: string | null;
};

/** Implemented by `standalone/items.ts` over the catalogue tables (owned by the catalogue module). */
export interface ErpItems {
  list(q?: ErpListQuery, o?: ErpCallOptions): Promise<ErpPage<ErpItem>>;
  get(itemNo: string, o?: ErpCallOptions): Promise<ErpItem | null>;
  listPrices(q?: ErpListQuery & { item_no?: string }, o?: ErpCallOptions): Promise<ErpPage<ErpItemPrice>>;
  /** Refresh all items (syncAll) or those changed since the last sync; one item with `itemNo`. */
  sync(opts: { syncAll?: boolean; itemNo?: string }, o?: ErpCallOptions): Promise<ErpSyncResult>;
}

/** BC post codes and the Vietnamese districts table. */
export type ErpPostCode = {
  table_code: 'post_code' | 'address_district';
  code: string;
  name: string;
  city: string;
  district_code: string;
};
export interface ErpPostCodes {
  list(
    q: ErpListQuery & { table_code: 'post_code' | 'address_district' },
    o?: ErpCallOptions,
  ): Promise<ErpPage<ErpPostCode>>;
  sync(opts: { syncAll?: boolean }, o?: ErpCallOptions): Promise<ErpSyncResult>;
}

// ---------- documents ----------

/**
 * The documents the product sends to the ERP (BC: salesOrders, salesQuotes, salesCreditMemos, purchaseOrders,
 * purchaseCreditMemos, transferOrders; a consignment issue is a transfer request from head office's consignment
 * warehouse). They reach the ERP only through the outbox (`kernel/outbox.ts`), never from a request.
 */
export type ErpDocumentKind =
  | 'sales_order'
  | 'sales_quote'
  | 'sales_credit_memo'
  | 'purchase_order'
  | 'purchase_credit_memo'
  | 'transfer_order'
  | 'consignment_issue';

/** A postal address as BC keeps it on a document (sellToAddressLine1, …). */
export type ErpAddress = {
  address: string;
  address_2: string;
  city: string;
  district_code: string;
  post_code: string;
  country_region_code: string;
  phone_no: string;
  contact: string;
};
/** A party of a document: its number (customer, vendor, ship-to code) and name as printed, with its address. */
export type ErpParty = { no: string; name: string } & ErpAddress;

/** Global / shortcut dimensions (BC dimension set): sales use campaign and costcenter, purchases all five. */
export type ErpDimensions = {
  campaign: string;
  costcenter: string;
  channel?: string;
  department?: string;
  factory?: string;
};

/** A sales order, quote or credit memo header (BC salesOrder / salesQuote / salesCreditMemo). */
export type ErpSalesHeader = {
  sell_to: ErpParty;
  bill_to: ErpParty;
  /** `no` is the ship-to code ('' = the sell-to address). */
  ship_to: ErpParty;
  location_code: string;
  /** STEP IN STORE, FACEBOOK STORE, …, HOTLINE, WEBSITE, … */
  sales_type: string;
  order_date: string;
  requested_delivery_date: string | null;
  /** What the customer or the shop calls the order (BC externalDocumentNumber). */
  external_document_no: string;
  dimensions: ErpDimensions;
  invoice_discount_amount: string;
  /** Shipping agent and its service (BC shippingAgentCode / shippingAgentServiceCode). */
  agent_code: string;
  agent_service_code: string;
  /** The order's quote (orders converted from a quote), or the invoice a credit memo corrects. */
  quote_no?: string;
  applies_to_doc_no?: string;
  comments?: { general: string; delivery: string; internal: string };
};

/** A purchase order or purchase credit memo header (BC purchaseOrder / purchaseCreditMemo). */
export type ErpPurchaseHeader = {
  vendor_no: string;
  vendor_name: string;
  /** The franchise's buy-from code and address at head office. */
  buy_from: ErpParty;
  /** Where the goods are received (the franchise's location) and its address. */
  receiving_location_code: string;
  receiving: ErpParty;
  order_date: string;
  requested_receipt_date: string | null;
  external_document_no: string;
  dimensions: ErpDimensions;
  invoice_discount_amount: string;
  agent_code: string;
  agent_service_code: string;
  comments?: { general: string; delivery: string };
};

/** A transfer order or consignment issue header (BC transferOrder): from → in transit → to. */
export type ErpTransferHeader = {
  transfer_from_code: string;
  transfer_to_code: string;
  intransit_code: string;
  shipment_date: string | null;
  receipt_date: string | null;
  external_document_no: string;
  dimensions: ErpDimensions;
};

/** One line of a document. Amounts and quantities are decimal strings in the line's unit of measure. */
export type ErpDocumentLine = {
  line_no: number;
  /** An item line, or a fee (delivery, service…: `item_no` is the fee code, the ERP maps it to its G/L account). */
  line_type: 'item' | 'fee';
  item_no: string;
  variant_code: string;
  description: string;
  unit_of_measure: string;
  location_code: string;
  quantity: string;
  qty_to_ship: string;
  qty_to_invoice: string;
  /** Purchases: what the store is about to receive. */
  qty_to_receive?: string;
  unit_price: string;
  line_discount_amount: string;
  /** VAT rate in percent (10 = 10 %); retail prices include it, so it is contained in `amount`. */
  vat_percent: string;
  /** quantity × unit_price − line_discount_amount. */
  amount: string;
  dimensions?: ErpDimensions;
};

type ErpDocumentOf<K extends ErpDocumentKind, H> = {
  kind: K;
  /** Our number (pos_so_no, pos_po_no, ci_no, …): resending the same number never creates a second document. */
  document_no: string;
  franchise_code: string;
  header: H;
  lines: ErpDocumentLine[];
  /** The ERP's etag when it holds the document already (the outbox fills it from the sync state). */
  ifMatch?: string;
};
export type ErpSalesDocument = ErpDocumentOf<'sales_order' | 'sales_quote' | 'sales_credit_memo', ErpSalesHeader>;
export type ErpPurchaseDocument = ErpDocumentOf<'purchase_order' | 'purchase_credit_memo', ErpPurchaseHeader>;
export type ErpTransferDocument = ErpDocumentOf<'transfer_order' | 'consignment_issue', ErpTransferHeader>;
/** A document being released (or released again after a reopen), typed by its kind. */
export type ErpDocument = ErpSalesDocument | ErpPurchaseDocument | ErpTransferDocument;
/** The document type of a kind: `ErpDocumentOfKind<'sales_order'>` is `ErpSalesDocument`. */
export type ErpDocumentOfKind<K extends ErpDocumentKind> = K extends ErpSalesDocument['kind']
  ? ErpSalesDocument
  : K extends ErpPurchaseDocument['kind']
    ? ErpPurchaseDocument
    : ErpTransferDocument;
/** A document's header by kind: `ErpHeaderOf<'sales_order'>` is `ErpSalesHeader`. */
export type ErpHeaderOf<K extends ErpDocumentKind> = ErpDocumentOfKind<K>['header'];

/**
 * Posted documents: the product's own postings (sent with `post`) and those the ERP posted (`fetchPosted`).
 * Posted credit memos are `*_cr_memo` (BC's Sales/Purch. Cr.Memo Header), apart from the credit memo documents.
 */
export type ErpPostedDocumentKind =
  | 'sales_shipment'
  | 'sales_invoice'
  | 'sales_cr_memo'
  | 'purchase_receipt'
  | 'purchase_invoice'
  | 'purchase_cr_memo'
  | 'transfer_shipment'
  | 'transfer_receipt';

/** A line of a posted document: what was shipped / invoiced / received / credited for one order line. */
export type ErpPostedLine = {
  line_no: number;
  /** The line of the order it comes from. */
  order_line_no: number;
  line_type: 'item' | 'fee';
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  location_code: string;
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
  vat_percent: string;
  amount: string;
};

/** The product posted a shipment, invoice, credit memo or receipt for one of its documents: `post` sends it. */
export type ErpPosting = {
  posted_kind: ErpPostedDocumentKind;
  /** Our posted number (pos_ss_no, pos_si_no, …): resending it never posts twice. */
  posted_no: string;
  /** The order (quote, purchase order, transfer) it was posted from. */
  kind: ErpDocumentKind;
  order_no: string;
  franchise_code: string;
  posting_date: string;
  document_date: string;
  external_document_no: string;
  lines: ErpPostedLine[];
  /** The order's etag in the ERP (the outbox fills it from the sync state). */
  ifMatch?: string;
};

/** Where the ERP stands with one of our documents. `standalone`: there is no other system; the product is the record. */
export type ErpDocumentStatus = 'open' | 'released' | 'canceled' | 'completed' | 'standalone';

/** The ERP's answer about one document. */
export type ErpDocumentAck = Etagged & {
  kind: ErpDocumentKind;
  document_no: string;
  /** The ERP's number of the document (BC `number`); standalone: ours. */
  external_no: string;
  status: ErpDocumentStatus;
};
export type ErpPostAck = {
  /** The posted document in the ERP. */
  posted: Etagged & { posted_kind: ErpPostedDocumentKind; posted_no: string; external_no: string };
  /** The order after the posting (its etag moved on). */
  order: ErpDocumentAck;
};
/** The ERP's view of a document for the "sync" action: its state and the documents posted from it. */
export type ErpDocumentState = ErpDocumentAck & {
  posted: { posted_kind: ErpPostedDocumentKind; posted_no: string; external_no: string }[];
};
/** A document named by kind and our number, for cancel and reopen. */
export type ErpDocumentRef = { kind: ErpDocumentKind; document_no: string; ifMatch?: string };

/** A document the ERP posted (shipment, receipt, invoice, credit memo, transfer shipment) coming back. */
export type ErpPostedDocument = Etagged & {
  kind: ErpPostedDocumentKind;
  no: string;
  /** The released document it came from (our number). */
  order_no: string;
  franchise_code: string;
  posting_date: string;
  lines: { line_no: number; item_no: string; variant_code: string; quantity: string; amount: string }[];
};

/** BC `transferOrders` (consignment: head office warehouse → franchise in-transit → franchise location). */
export type ErpTransferOrder = Etagged & {
  bc_to_no: string;
  franchise_code: string;
  transfer_from_code: string;
  transfer_to_code: string;
  intransit_code: string;
  status: 'open' | 'released' | 'shipped' | 'received' | 'canceled';
  shipment_date: string | null;
  lines: {
    line_no: number;
    item_no: string;
    variant_code: string;
    quantity: string;
    qty_shipped: string;
    qty_received: string;
  }[];
};
export interface ErpTransferOrders {
  list(q?: ErpListQuery & { franchise_code?: string }, o?: ErpCallOptions): Promise<ErpPage<ErpTransferOrder>>;
  get(bcToNo: string, o?: ErpCallOptions): Promise<ErpTransferOrder | null>;
  sync(opts: { syncAll?: boolean; franchise_code?: string }, o?: ErpCallOptions): Promise<ErpSyncResult>;
}

export interface ErpDocuments {
  /**
   * Release a document: create it in the ERP, or update it (with `ifMatch`) when it was released before and reopened.
   * The same `document_no` again never creates a second document.
   */
  release(doc: ErpDocument, o?: ErpCallOptions): Promise<ErpDocumentAck>;
  /** Send a shipment / invoice / credit memo / receipt the product posted; the same `posted_no` never posts twice. */
  post(posting: ErpPosting, o?: ErpCallOptions): Promise<ErpPostAck>;
  /** Cancel a released document (BC: delete the open order, or archive it). */
  cancel(ref: ErpDocumentRef & { reason: string }, o?: ErpCallOptions): Promise<ErpDocumentAck>;
  /** Reopen a released document for changes (BC: the Reopen action, status Open). */
  reopen(ref: ErpDocumentRef, o?: ErpCallOptions): Promise<ErpDocumentAck>;
  /** The ERP's view of one of our documents (the "sync" action); null when the ERP does not know it. */
  get(kind: ErpDocumentKind, documentNo: string, o?: ErpCallOptions): Promise<ErpDocumentState | null>;
  /** Posted documents created in the ERP since a point in time (or for one order), oldest first. */
  fetchPosted(
    q: ErpListQuery & { kind?: ErpPostedDocumentKind; order_no?: string },
    o?: ErpCallOptions,
  ): Promise<ErpPage<ErpPostedDocument>>;
}

/** The whole port, one member per area. Reached from routes as `services.erp`. */
export interface Erp {
  readonly mode: ErpMode;
  customers: ErpCustomers;
  vendors: ErpVendors;
  franchises: ErpFranchises;
  items: ErpItems;
  postCodes: ErpPostCodes;
  transferOrders: ErpTransferOrders;
  documents: ErpDocuments;
  /** Check the connection / credentials (POST /api/sync/authorize). Standalone always succeeds. */
  authorize(): Promise<{ ok: boolean; message: string }>;
}
