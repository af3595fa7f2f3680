import type { DbOrTx } from '../db/client.js';

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
 * `standalone` (default) is the product's own system of record; `business_central` comes later.
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
 * Options every call may take. `tx` lets the standalone implementation see the caller's uncommitted writes;
 * `user` is who asked, for the sync log (every `sync` call is logged by createErp).
 */
export type ErpCallOptions = { tx?: DbOrTx; user?: { id: number; username: string } | null };

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
/** Thrown when the ERP cannot be reached or refuses the call for a reason a retry may fix. */
export class ErpUnavailableError extends Error {}

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

/** The document kinds the product sends to / receives from the ERP. */
export type ErpDocumentKind = 'sales_order' | 'sales_quote' | 'purchase_order' | 'transfer_order' | 'consignment_issue';

/** A document being released: the product's number is the idempotency key of the release. */
export type ErpDocumentLine = {
  line_no: number;
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
};
export type ErpDocumentRelease = {
  kind: ErpDocumentKind;
  /** Our number (pos_so_no, pos_po_no, ci_no, …): resending the same number never creates a second document. */
  document_no: string;
  franchise_code: string;
  location_code: string;
  /** The customer (sales) or vendor (purchase) number. */
  party_no: string;
  document_date: string;
  lines: ErpDocumentLine[];
  /** Header fields the ERP stores as they are (dimensions, addresses, comments). */
  header: Record<string, string | number | boolean | null>;
  /** The ERP's etag when the document was released before (updates); absent on the first release. */
  ifMatch?: string;
};
export type ErpReleaseResult = Etagged & { document_no: string; external_no: string; status: 'released' };

/** A document the ERP posted (shipment, receipt, invoice, credit memo, transfer shipment) coming back. */
export type ErpPostedDocumentKind =
  | 'sales_shipment'
  | 'sales_invoice'
  | 'sales_credit_memo'
  | 'purchase_receipt'
  | 'purchase_invoice'
  | 'purchase_credit_memo'
  | 'transfer_shipment'
  | 'transfer_receipt';
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
  status: 'open' | 'released' | 'shipped' | 'received';
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
  /** Release a sales order / quote, purchase order, transfer order or consignment issue to the ERP. */
  release(doc: ErpDocumentRelease, o?: ErpCallOptions): Promise<ErpReleaseResult>;
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
