import {
  ErpConflictError,
  ErpUnavailableError,
  type ErpDocument,
  type ErpDocumentAck,
  type ErpDocumentKind,
  type ErpDocumentLine,
  type ErpDocuments,
  type ErpDocumentState,
  type ErpParty,
  type ErpPostAck,
  type ErpPostedDocument,
  type ErpPostedDocumentKind,
  type ErpPosting,
} from '../port.js';
import { BcRequestError, odataString, type BcClient, type BcJson } from './client.js';
import { dec } from './master.js';

/**
 * Documents to Business Central (called by the outbox's jobs only, never from a request):
 * - sales order (pos_so_no) and purchase order (pos_po_no, a head office sales order to the franchise) → standard
 *   `salesOrders` with `salesOrderLines` in one deep insert; credit memos → `salesCreditMemos`;
 * - consignment issue / transfer order → the custom `transferOrders` page with `transferOrderLines`;
 * - ship now (the product's shipment and invoice) → the bound action `Microsoft.NAV.shipAndInvoice` (204, BC removes
 *   the order), then BC's invoice is found in `salesInvoices` by externalDocumentNumber (or orderNumber) and its
 *   number is kept beside ours; a consignment receipt → the custom `Microsoft.NAV.receive` action.
 * The document's customer and items are created in BC first when BC does not know them (`$batch` lookups).
 *
 * Exactly once: every create first looks the document up by `externalDocumentNumber` (our number) and takes the one
 * it finds, so a retry after a lost answer, a timeout or a restart never makes a second document; a found order's
 * lines are brought in line with ours (by `sequence` = our line_no) instead of being added again.
 */

type DocSet = {
  set: 'salesOrders' | 'salesCreditMemos';
  lines: 'salesOrderLines' | 'salesCreditMemoLines';
  date: 'orderDate' | 'creditMemoDate';
};
const SALES_ORDERS: DocSet = { set: 'salesOrders', lines: 'salesOrderLines', date: 'orderDate' };
const CREDIT_MEMOS: DocSet = { set: 'salesCreditMemos', lines: 'salesCreditMemoLines', date: 'creditMemoDate' };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: string) => Number(v);
/** BC dates are YYYY-MM-DD; a timestamp is cut to its date, anything else is refused before BC sees it. */
export function bcDate(v: string | null | undefined, field: string): string | undefined {
  if (!v) return undefined;
  const d = String(v).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d))
    throw new BcRequestError(400, 'date', `${field} "${v}" is not a date (YYYY-MM-DD).`);
  return d;
}

/** A request inside a $batch that BC could not serve now (a retry of the job may work). */
const batchFailure = (status: number, action: string) =>
  new ErpUnavailableError(`Business Central could not ${action} now (${status}).`);

export function bcDocuments(client: BcClient): ErpDocuments {
  const std = (p: string) => client.standard(p);
  const cus = (p: string) => client.custom(p);

  /** The one record whose externalDocumentNumber is ours (with its lines), or null. */
  async function findByExternal(
    url: (p: string) => string,
    set: string,
    expand: string | null,
    ext: string,
    action: string,
  ) {
    const q = new URLSearchParams({ $filter: `externalDocumentNumber eq ${odataString(ext)}` });
    if (expand) q.set('$expand', expand);
    const page = await client.page(`${url(set)}?${q.toString().replace(/\+/g, '%20')}`, action, 2);
    return page.value[0] ?? null;
  }

  /** Creates the customer in BC when BC does not know it (a lost answer finds it the next time). */
  async function ensureCustomer(no: string, party: Partial<ErpParty> & { name: string }) {
    if (!no) throw new BcRequestError(400, 'customer', 'The document has no customer to send to Business Central.');
    const page = await client.page(
      `${std('customers')}?$filter=${encodeURIComponent(`number eq ${odataString(no)}`)}`,
      `find customer ${no}`,
      1,
    );
    if (page.value[0]) return;
    const body: Record<string, unknown> = {
      number: no,
      displayName: party.name || no,
      type: 'Person',
      addressLine1: party.address ?? '',
      addressLine2: party.address_2 ?? '',
      city: party.city ?? '',
      postalCode: party.post_code ?? '',
      phoneNumber: party.phone_no ?? '',
    };
    try {
      await client.request('POST', std('customers'), { action: `create customer ${no}`, body });
    } catch (e) {
      // Created meanwhile (or by a write whose answer was lost): that is the customer we wanted.
      if (!(e instanceof BcRequestError && e.code === 'Internal_EntityWithSameKeyExists')) throw e;
    }
  }

  /** Creates the items BC does not know yet, looked up and created in `$batch`es of at most 100. */
  async function ensureItems(lines: ErpDocumentLine[]) {
    const byNo = new Map<string, ErpDocumentLine>();
    for (const l of lines) if (l.line_type === 'item' && l.item_no && !byNo.has(l.item_no)) byNo.set(l.item_no, l);
    if (byNo.size === 0) return;
    const nos = [...byNo.keys()];
    const found = await client.batch(
      'standard',
      nos.map((no) => ({
        method: 'GET',
        url: `items?$filter=${encodeURIComponent(`number eq ${odataString(no)}`)}&$top=1`,
      })),
      "look up the document's items",
    );
    const missing = nos.filter((_, i) => {
      const v = found[i].body?.value;
      if (found[i].status >= 300) throw batchFailure(found[i].status, `look up item ${nos[i]}`);
      return !Array.isArray(v) || v.length === 0;
    });
    if (missing.length === 0) return;
    const created = await client.batch(
      'standard',
      missing.map((no) => {
        const l = byNo.get(no)!;
        return {
          method: 'POST',
          url: 'items',
          body: {
            number: no,
            displayName: l.description || no,
            type: 'Inventory',
            baseUnitOfMeasureCode: l.unit_of_measure,
            unitPrice: num(l.unit_price),
          },
        };
      }),
      "create the document's items",
    );
    created.forEach((r, i) => {
      const code = str((r.body?.error as BcJson | undefined)?.code);
      if (r.status >= 300 && code !== 'Internal_EntityWithSameKeyExists')
        throw r.status >= 500 || r.status === 429
          ? batchFailure(r.status, `create item ${missing[i]}`)
          : new BcRequestError(
              r.status,
              code,
              `Business Central refused to create item ${missing[i]}: ${str((r.body?.error as BcJson | undefined)?.message).split('  CorrelationId')[0]}`,
            );
    });
  }

  const lineBody = (l: ErpDocumentLine) => ({
    sequence: l.line_no,
    lineType: l.line_type === 'item' ? 'Item' : 'Account',
    lineObjectNumber: l.item_no,
    description: l.description,
    unitOfMeasureCode: l.unit_of_measure,
    quantity: num(l.quantity),
    unitPrice: num(l.unit_price),
    discountAmount: num(l.line_discount_amount),
  });
  const sameLine = (a: ReturnType<typeof lineBody>, b: BcJson) =>
    str(b.lineObjectNumber) === a.lineObjectNumber &&
    Number(b.quantity) === a.quantity &&
    Number(b.unitPrice) === a.unitPrice &&
    Number(b.discountAmount ?? 0) === a.discountAmount;

  /** A sales order or credit memo for `customerNo`, found by our number or created with its lines. */
  async function salesDocument(
    d: DocSet,
    o: {
      ext: string;
      customerNo: string;
      party: Partial<ErpParty> & { name: string };
      date: string | null;
      lines: ErpDocumentLine[];
      ifMatch?: string;
      kind: ErpDocumentKind;
    },
  ): Promise<ErpDocumentAck> {
    await ensureCustomer(o.customerNo, o.party);
    await ensureItems(o.lines);
    const lines = o.lines.map(lineBody);
    const found = await findByExternal(std, d.set, d.lines, o.ext, `find ${o.ext}`);
    let rec: BcJson;
    if (!found) {
      const header: Record<string, unknown> = { externalDocumentNumber: o.ext, customerNumber: o.customerNo };
      const date = bcDate(o.date, d.date);
      if (date) header[d.date] = date;
      const res = await client.request('POST', std(d.set), {
        action: `create ${o.ext}`,
        body: { ...header, [d.lines]: lines },
      });
      rec = res.body!;
    } else {
      // Sent before (a lost answer, or released again after a reopen): bring its lines in line with ours.
      const id = str(found.id);
      const have = (Array.isArray(found[d.lines]) ? found[d.lines] : []) as BcJson[];
      const bySeq = new Map(have.map((l) => [Number(l.sequence), l]));
      const changes: { method: 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown; ifMatch?: string }[] = [];
      // The order's etag we were told (ours) must still be BC's before we change it: else BC's user changed it.
      if (o.ifMatch && o.ifMatch !== str(found['@odata.etag'])) {
        const differs =
          lines.length !== have.length ||
          lines.some((l) => !bySeq.has(l.sequence) || !sameLine(l, bySeq.get(l.sequence)!));
        if (differs) throw new ErpConflictError(`Sales order ${str(found.number)}`, o.ext);
      }
      for (const l of lines) {
        const cur = bySeq.get(l.sequence);
        if (!cur) changes.push({ method: 'POST', url: `${d.set}(${id})/${d.lines}`, body: l });
        else if (!sameLine(l, cur)) {
          const { sequence: _s, lineType: _t, ...patch } = l;
          changes.push({
            method: 'PATCH',
            url: `${d.lines}(${str(cur.id)})`,
            body: patch,
            ifMatch: str(cur['@odata.etag']),
          });
        }
      }
      const ours = new Set(lines.map((l) => l.sequence));
      for (const l of have)
        if (!ours.has(Number(l.sequence)))
          changes.push({ method: 'DELETE', url: `${d.lines}(${str(l.id)})`, ifMatch: str(l['@odata.etag']) });
      if (changes.length) {
        const answers = await client.batch('standard', changes, `bring the lines of ${o.ext} up to date`);
        answers.forEach((a, i) => {
          if (a.status >= 500 || a.status === 429) throw batchFailure(a.status, `change a line of ${o.ext}`);
          if (a.status === 412)
            throw new BcRequestError(412, 'changed', `A line of ${o.ext} was changed in Business Central; reload it.`);
          if (a.status >= 300)
            throw new BcRequestError(
              a.status,
              'line',
              `Business Central refused to ${changes[i].method.toLowerCase()} a line of ${o.ext}: ${str((a.body?.error as BcJson | undefined)?.message).split('  CorrelationId')[0]}`,
            );
        });
      }
      rec = changes.length
        ? (await client.request('GET', std(`${d.set}(${id})`), { action: `read ${o.ext}` })).body!
        : found;
    }
    return {
      kind: o.kind,
      document_no: o.ext,
      external_no: str(rec.number),
      status: 'open',
      etag: str(rec['@odata.etag']),
      system_id: str(rec.id),
    };
  }

  /** A consignment issue or transfer order on the custom transferOrders page. */
  async function transferOrder(
    doc: Extract<ErpDocument, { kind: 'transfer_order' | 'consignment_issue' }>,
  ): Promise<ErpDocumentAck> {
    await ensureItems(doc.lines);
    const found = await findByExternal(
      cus,
      'transferOrders',
      'transferOrderLines',
      doc.document_no,
      `find ${doc.document_no}`,
    );
    let rec = found;
    if (!rec) {
      const h = doc.header;
      const body: Record<string, unknown> = {
        externalDocumentNumber: doc.document_no,
        franchiseCode: doc.franchise_code,
        transferFromCode: h.transfer_from_code,
        transferToCode: h.transfer_to_code,
        inTransitCode: h.intransit_code,
        transferOrderLines: doc.lines.map((l) => ({
          lineNumber: l.line_no,
          itemNumber: l.item_no,
          variantCode: l.variant_code,
          quantity: num(l.quantity),
        })),
      };
      const shipment = bcDate(h.shipment_date, 'shipmentDate');
      if (shipment) body.shipmentDate = shipment;
      const receipt = bcDate(h.receipt_date, 'receiptDate');
      if (receipt) body.receiptDate = receipt;
      rec = (
        await client.request('POST', cus('transferOrders'), {
          action: `create transfer order ${doc.document_no}`,
          body,
        })
      ).body!;
    }
    return {
      kind: doc.kind,
      document_no: doc.document_no,
      external_no: str(rec.number),
      status: 'open',
      etag: str(rec['@odata.etag']),
      system_id: str(rec.id),
    };
  }

  type Where = { url: (p: string) => string; set: string; expand: string | null };
  const whereOf = (kind: ErpDocumentKind): Where | null =>
    kind === 'sales_order' || kind === 'purchase_order'
      ? { url: std, set: 'salesOrders', expand: 'salesOrderLines' }
      : kind === 'sales_credit_memo' || kind === 'purchase_credit_memo'
        ? { url: std, set: 'salesCreditMemos', expand: null }
        : kind === 'transfer_order' || kind === 'consignment_issue'
          ? { url: cus, set: 'transferOrders', expand: null }
          : null;

  /** BC's invoices or shipments of one of our orders (by externalDocumentNumber, else by BC's order number). */
  async function postedOf(set: 'salesInvoices' | 'salesShipments', ext: string, orderNumber?: string) {
    const byExt = await findByExternal(
      std,
      set,
      null,
      ext,
      `find the ${set === 'salesInvoices' ? 'invoice' : 'shipment'} of ${ext}`,
    );
    if (byExt || !orderNumber) return byExt;
    const page = await client.page(
      `${std(set)}?$filter=${encodeURIComponent(`orderNumber eq ${odataString(orderNumber)}`)}`,
      `find the posted documents of ${orderNumber}`,
      1,
    );
    return page.value[0] ?? null;
  }

  const ackOf = (
    kind: ErpDocumentKind,
    no: string,
    rec: BcJson | null,
    status: ErpDocumentAck['status'],
    externalNo?: string,
  ): ErpDocumentAck => ({
    kind,
    document_no: no,
    external_no: externalNo ?? str(rec?.number),
    status,
    etag: str(rec?.['@odata.etag']),
    system_id: str(rec?.id),
  });

  return {
    async release(doc) {
      switch (doc.kind) {
        case 'sales_order':
          return salesDocument(SALES_ORDERS, {
            kind: doc.kind,
            ext: doc.document_no,
            customerNo: doc.header.sell_to.no,
            party: doc.header.sell_to,
            date: doc.header.order_date,
            lines: doc.lines,
            ifMatch: doc.ifMatch,
          });
        case 'sales_credit_memo':
          return salesDocument(CREDIT_MEMOS, {
            kind: doc.kind,
            ext: doc.document_no,
            customerNo: doc.header.sell_to.no,
            party: doc.header.sell_to,
            date: doc.header.order_date,
            lines: doc.lines,
            ifMatch: doc.ifMatch,
          });
        case 'purchase_order':
        case 'purchase_credit_memo':
          // What a franchise buys is a head office sale to the franchise, a customer of head office.
          return salesDocument(doc.kind === 'purchase_order' ? SALES_ORDERS : CREDIT_MEMOS, {
            kind: doc.kind,
            ext: doc.document_no,
            customerNo: doc.franchise_code,
            party: { ...doc.header.buy_from, name: doc.header.buy_from.name || doc.franchise_code },
            date: doc.header.order_date,
            lines: doc.lines,
            ifMatch: doc.ifMatch,
          });
        case 'transfer_order':
        case 'consignment_issue':
          return transferOrder(doc);
        default:
          // Quotes stay in the product: BC keeps orders, not the counter's quotes.
          return {
            kind: doc.kind,
            document_no: doc.document_no,
            external_no: doc.document_no,
            status: 'standalone',
            etag: '',
            system_id: '',
          };
      }
    },

    async post(p: ErpPosting): Promise<ErpPostAck> {
      const posted = (kind: ErpPostedDocumentKind, rec: BcJson | null, externalNo?: string) => ({
        posted_kind: kind,
        posted_no: p.posted_no,
        external_no: externalNo ?? str(rec?.number),
        etag: str(rec?.['@odata.etag']),
        system_id: str(rec?.id),
      });
      if (p.kind === 'sales_order' && (p.posted_kind === 'sales_shipment' || p.posted_kind === 'sales_invoice')) {
        const order = await findByExternal(std, 'salesOrders', null, p.order_no, `find ${p.order_no}`);
        if (order)
          // 204 and the order is gone; asked again after a lost answer, the order is not found and the invoice is.
          await client.request('POST', std(`salesOrders(${str(order.id)})/Microsoft.NAV.shipAndInvoice`), {
            action: `ship and invoice ${p.order_no}`,
          });
        const set = p.posted_kind === 'sales_invoice' ? 'salesInvoices' : 'salesShipments';
        const doc = await postedOf(set, p.order_no, order ? str(order.number) : undefined);
        if (!doc)
          throw new BcRequestError(
            404,
            'not_found',
            `Business Central has neither the order ${p.order_no} nor its ${set === 'salesInvoices' ? 'invoice' : 'shipment'}.`,
          );
        return {
          posted: posted(p.posted_kind, doc),
          order: ackOf(p.kind, p.order_no, null, 'completed', str(doc.orderNumber || order?.number)),
        };
      }
      if (p.posted_kind === 'sales_cr_memo' || p.posted_kind === 'purchase_cr_memo') {
        const invoice = p.posted_kind === 'sales_cr_memo' ? await postedOf('salesInvoices', p.order_no) : null;
        const customerNo = p.posted_kind === 'purchase_cr_memo' ? p.franchise_code : str(invoice?.customerNumber);
        if (!customerNo)
          throw new BcRequestError(404, 'not_found', `Business Central has no invoice of ${p.order_no} to credit.`);
        const lines: ErpDocumentLine[] = p.lines.map((l) => ({
          ...l,
          description: '',
          qty_to_ship: l.quantity,
          qty_to_invoice: l.quantity,
        }));
        const ack = await salesDocument(CREDIT_MEMOS, {
          kind: p.kind,
          ext: p.posted_no,
          customerNo,
          party: { name: customerNo },
          date: p.posting_date,
          lines,
        });
        return {
          posted: {
            posted_kind: p.posted_kind,
            posted_no: p.posted_no,
            external_no: ack.external_no,
            etag: ack.etag,
            system_id: ack.system_id,
          },
          order: ackOf(p.kind, p.order_no, null, 'released', ''),
        };
      }
      if (p.posted_kind === 'transfer_receipt' || p.posted_kind === 'transfer_shipment') {
        const to = await findByExternal(cus, 'transferOrders', null, p.order_no, `find transfer order ${p.order_no}`);
        if (!to)
          throw new BcRequestError(
            404,
            'not_found',
            `Business Central does not know the transfer order of ${p.order_no}.`,
          );
        const done = p.posted_kind === 'transfer_receipt' ? 'Received' : 'Shipped';
        if (str(to.status) !== done && str(to.status) !== 'Received')
          await client.request(
            'POST',
            cus(
              `transferOrders(${str(to.id)})/Microsoft.NAV.${p.posted_kind === 'transfer_receipt' ? 'receive' : 'ship'}`,
            ),
            { action: `post the ${p.posted_kind === 'transfer_receipt' ? 'receipt' : 'shipment'} of ${p.order_no}` },
          );
        const after = (
          await client.request('GET', cus(`transferOrders(${str(to.id)})`), {
            action: `read transfer order ${p.order_no}`,
          })
        ).body;
        return {
          posted: posted(p.posted_kind, after, str(after?.number)),
          order: ackOf(p.kind, p.order_no, after, 'completed'),
        };
      }
      if (p.posted_kind === 'purchase_receipt' && p.kind === 'purchase_order') {
        // Head office's shipment was posted in BC; the store's receipt of it is the product's own record.
        const shipment = await postedOf('salesShipments', p.order_no);
        return {
          posted: posted(p.posted_kind, shipment, shipment ? str(shipment.number) : p.posted_no),
          order: ackOf(p.kind, p.order_no, null, 'released', ''),
        };
      }
      throw new BcRequestError(
        400,
        'not_supported',
        `Business Central does not take a ${p.posted_kind} of a ${p.kind} from the product.`,
      );
    },

    async cancel(ref) {
      const w = whereOf(ref.kind);
      if (!w)
        return {
          kind: ref.kind,
          document_no: ref.document_no,
          external_no: ref.document_no,
          status: 'canceled',
          etag: '',
          system_id: '',
        };
      const found = await findByExternal(w.url, w.set, null, ref.document_no, `find ${ref.document_no}`);
      if (found)
        await client.request('DELETE', w.url(`${w.set}(${str(found.id)})`), {
          action: `cancel ${ref.document_no}`,
          ifMatch: ref.ifMatch || str(found['@odata.etag']),
        });
      return ackOf(ref.kind, ref.document_no, null, 'canceled', str(found?.number));
    },

    async reopen(ref) {
      // API orders are Open in BC until they are posted; a reopen has nothing to change there.
      const w = whereOf(ref.kind);
      const found = w ? await findByExternal(w.url, w.set, null, ref.document_no, `find ${ref.document_no}`) : null;
      return ackOf(ref.kind, ref.document_no, found, 'open', found ? undefined : ref.document_no);
    },

    async get(kind, documentNo): Promise<ErpDocumentState | null> {
      const w = whereOf(kind);
      if (!w) return null;
      const found = await findByExternal(w.url, w.set, null, documentNo, `find ${documentNo}`);
      const postedDocs: ErpDocumentState['posted'] = [];
      if (kind === 'sales_order' || kind === 'purchase_order') {
        for (const [set, pk] of [
          ['salesShipments', 'sales_shipment'],
          ['salesInvoices', 'sales_invoice'],
        ] as const) {
          const d = await postedOf(set, documentNo);
          if (d)
            postedDocs.push({ posted_kind: pk, posted_no: str(d.externalDocumentNumber), external_no: str(d.number) });
        }
      }
      if (!found && postedDocs.length === 0) return null;
      const status = found ? (str(found.status) === 'Received' ? 'completed' : 'open') : 'completed';
      return {
        ...ackOf(kind, documentNo, found, status, found ? undefined : str(postedDocs[0]?.external_no)),
        posted: postedDocs,
      };
    },

    async fetchPosted(q) {
      const kind = q.kind ?? 'sales_shipment';
      if (kind !== 'sales_shipment' && kind !== 'sales_invoice') return { value: [], nextLink: null };
      const set = kind === 'sales_shipment' ? 'salesShipments' : 'salesInvoices';
      let url = q.nextLink;
      if (!url) {
        const parts: string[] = [];
        if (q.since) parts.push(`lastModifiedDateTime gt ${new Date(q.since).toISOString()}`);
        if (q.order_no) parts.push(`externalDocumentNumber eq ${odataString(q.order_no)}`);
        const params = new URLSearchParams();
        if (parts.length) params.set('$filter', parts.join(' and '));
        if (kind === 'sales_shipment') params.set('$expand', 'salesShipmentLines');
        url = `${std(set)}?${params.toString().replace(/\+/g, '%20')}`;
      }
      const page = await client.page(url, `list ${set}`, q.top);
      return {
        value: page.value.map((r): ErpPostedDocument => ({
          etag: str(r['@odata.etag']),
          system_id: str(r.id),
          kind,
          no: str(r.number),
          order_no: str(r.externalDocumentNumber),
          franchise_code: str(r.customerNumber),
          posting_date: str(r.shipmentDate ?? r.invoiceDate),
          lines: (Array.isArray(r.salesShipmentLines) ? (r.salesShipmentLines as BcJson[]) : []).map((l) => ({
            line_no: Number(l.sequence ?? 0),
            item_no: str(l.lineObjectNumber),
            variant_code: '',
            quantity: dec(l.quantity),
            amount: dec(Number(l.quantity ?? 0) * Number(l.unitPrice ?? 0)),
          })),
        })),
        nextLink: page.nextLink,
      };
    },
  };
}
