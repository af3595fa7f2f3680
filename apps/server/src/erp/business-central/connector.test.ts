import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { ErpConflictError, ErpUnavailableError, type ErpSalesDocument, type Erp } from '../port.js';
import { BcClient, BcRequestError } from './client.js';
import { readBcConfig } from './config.js';
import { createBusinessCentralErp } from './index.js';
import { BcTestServer, startBcServer } from './test-support/bc-test-server.js';

// Connector against the BC-shaped server: one test per protocol rule and per fault. No database: the areas under
// test here never touch it (a sync's log is erp.test.ts's and bc-outbox.test.ts's).
const noDb = null as unknown as Db;

let bc: BcTestServer;
/** The simulated clock shared by the server (token expiry, outages) and the connector (waits). */
let clock: number;
let sleeps: number[];
let erp: Erp;

const connect = (env: Record<string, string> = {}, o: { concurrency?: number; maxInlineWaitMs?: number } = {}) =>
  createBusinessCentralErp(readBcConfig({ ...bc.env(), ...env }), noDb, {
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    ...o,
  });

const salesOrder = (
  no: string,
  lines: { item: string; qty: string; price: string }[],
  customer = 'KH0001',
): ErpSalesDocument => {
  const party = {
    no: customer,
    name: 'Nguyễn Văn A',
    address: '12 Hàng Bạc',
    address_2: '',
    city: 'Hà Nội',
    district_code: '',
    post_code: '',
    country_region_code: 'VN',
    phone_no: '0901234567',
    contact: '',
  };
  return {
    kind: 'sales_order',
    document_no: no,
    franchise_code: 'HN001',
    header: {
      sell_to: party,
      bill_to: party,
      ship_to: { ...party, no: '' },
      location_code: 'HN001-01',
      sales_type: 'STEP IN STORE',
      order_date: '2026-11-27',
      requested_delivery_date: null,
      external_document_no: no,
      dimensions: { campaign: '', costcenter: '' },
      invoice_discount_amount: '0',
      agent_code: '',
      agent_service_code: '',
    },
    lines: lines.map((l, i) => ({
      line_no: (i + 1) * 10000,
      line_type: 'item',
      item_no: l.item,
      variant_code: '',
      description: `Hàng ${l.item}`,
      unit_of_measure: 'PCS',
      location_code: 'HN001-01',
      quantity: l.qty,
      qty_to_ship: l.qty,
      qty_to_invoice: l.qty,
      unit_price: l.price,
      line_discount_amount: '0',
      vat_percent: '10',
      amount: String(Number(l.qty) * Number(l.price)),
    })),
  };
};
const seedItem = (no: string, extra: Record<string, unknown> = {}) =>
  bc.seed('items', {
    number: no,
    displayName: `Item ${no}`,
    type: 'Inventory',
    baseUnitOfMeasureCode: 'PCS',
    unitPrice: 12.5,
    itemCategoryCode: 'FOOD',
    blocked: false,
    gtin: '',
    ...extra,
  });
const apiRequests = () => bc.requests.filter((r) => !r.path.endsWith('/token'));

beforeAll(async () => {
  clock = Date.parse('2026-11-27T03:00:00Z');
  bc = await startBcServer({ now: () => clock, tokenLifetimeSeconds: 3600 });
});
afterAll(() => bc.close());
beforeEach(() => {
  sleeps = [];
  bc.requests.length = 0;
  erp = connect();
});
afterEach(() => {
  bc.chaos = null;
  bc.downUntil = 0;
});

describe('Business Central configuration', () => {
  it('names every missing variable, checks URLs and numbers, and takes the documented defaults', () => {
    expect(() => readBcConfig({ BC_TENANT_ID: 't', BC_ENVIRONMENT: 'production' })).toThrow(
      'ERP_MODE=business_central: these environment variables are missing: BC_CLIENT_ID, BC_CLIENT_SECRET, BC_COMPANY_ID.',
    );
    const full = {
      BC_TENANT_ID: 't',
      BC_CLIENT_ID: 'c',
      BC_CLIENT_SECRET: 's+/=~',
      BC_ENVIRONMENT: 'production',
      BC_COMPANY_ID: 'id',
    };
    expect(readBcConfig(full)).toEqual({
      tenantId: 't',
      clientId: 'c',
      clientSecret: 's+/=~',
      environment: 'production',
      companyId: 'id',
      apiUrl: 'https://api.businesscentral.dynamics.com',
      authUrl: 'https://login.microsoftonline.com',
      customApi: 'franchiseportal/pos/v1.0',
      maxPageSize: 1000,
      timeoutMs: 30000,
    });
    expect(() =>
      readBcConfig({ ...full, BC_API_URL: 'http://bc.example.com', BC_MAX_PAGE_SIZE: '0', BC_CUSTOM_API: 'x' }),
    ).toThrow(
      'BC_API_URL must use https; BC_CUSTOM_API "x" must be publisher/group/version, e.g. franchiseportal/pos/v1.0; BC_MAX_PAGE_SIZE must be a whole number from 1 to 20000.',
    );
  });
});

describe('Business Central connector: protocol', () => {
  it('signs in with the form-encoded secret, keeps the token, renews it before expiry and once on a 401', async () => {
    seedItem('TK1');
    expect(bc.clientSecret).toMatch(/[+/=~]/);
    await erp.items.get('TK1');
    await erp.items.get('TK1');
    expect(bc.tokenRequests()).toHaveLength(1);
    // 56 minutes later the token has less than 5 minutes left: renewed before it is used again.
    clock += 56 * 60_000;
    await erp.items.get('TK1');
    expect(bc.tokenRequests()).toHaveLength(2);
    // Revoked early: BC answers 401, the connector signs in once more and the call succeeds.
    bc.expireTokens();
    expect((await erp.items.get('TK1'))?.item_no).toBe('TK1');
    expect(bc.tokenRequests()).toHaveLength(3);
    expect(apiRequests().filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('a wrong secret is a clear refusal, not a retry loop; authorize says so', async () => {
    const bad = connect({ BC_CLIENT_SECRET: 'wrong' });
    await expect(bad.items.get('X')).rejects.toThrow(
      'Business Central refused the sign-in: AADSTS7000215: Invalid client secret provided.',
    );
    expect(await bad.authorize()).toEqual({ ok: false, message: expect.stringContaining('Invalid client secret') });
    expect(await erp.authorize()).toMatchObject({ ok: true });
  });

  it('pages with Prefer: odata.maxpagesize and follows @odata.nextLink to the end', async () => {
    for (let i = 1; i <= 25; i++) seedItem(`PG${String(i).padStart(3, '0')}`);
    const paged = connect({ BC_MAX_PAGE_SIZE: '10' });
    const seen: string[] = [];
    let pages = 0;
    for (
      let p = await paged.items.list({ filter: { item_category_code: 'FOOD' } });
      ;
      p = await paged.items.list({ nextLink: p.nextLink! })
    ) {
      pages++;
      seen.push(...p.value.map((i) => i.item_no).filter((n) => n.startsWith('PG')));
      if (!p.nextLink) break;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(pages).toBeGreaterThanOrEqual(3);
    const gets = apiRequests().filter((r) => r.path.endsWith('/items'));
    expect(gets.every((r) => r.prefer === 'odata.maxpagesize=10')).toBe(true);
    expect(gets.slice(1).every((r) => r.query.includes('%24skiptoken') || r.query.includes('$skiptoken'))).toBe(true);
  });

  it('asks for changes since a time with an unquoted datetime, and maps items with their variants', async () => {
    const before = new Date(clock).toISOString();
    clock += 1000;
    const it1 = seedItem('CH1', { unitPrice: 1234.5, gtin: '8934567890123' });
    bc.seed('itemVariants', { itemId: it1.id, itemNumber: 'CH1', code: 'RED', description: 'Đỏ' });
    const changed = await erp.items.list({ since: before });
    expect(changed.value.map((i) => i.item_no)).toEqual(['CH1']);
    expect(changed.value[0]).toMatchObject({
      item_no: 'CH1',
      description: 'Item CH1',
      unit_price: '1234.5',
      base_unit_of_measure: 'PCS',
      item_category_code: 'FOOD',
      blocked: false,
      gtin: '8934567890123',
      variants: [{ variant_code: 'RED', description: 'Đỏ', blocked: false }],
      system_id: it1.id,
    });
    expect(changed.value[0].etag).toMatch(/^W\/"/);
    const q = decodeURIComponent(apiRequests().at(-1)!.query);
    expect(q).toContain(`lastModifiedDateTime gt ${before}`);
    expect(q).not.toContain(`'${before}'`);
  });

  it('reads customers by phone, vendors, franchises and transfer orders from the custom pages', async () => {
    bc.seed('customers', {
      number: 'HN001',
      displayName: 'Đại lý Hà Nội',
      phoneNumber: '0241111111',
      addressLine1: '1 Tràng Tiền',
      city: 'Hà Nội',
      blocked: ' ',
    });
    bc.seed('customers', { number: 'KH0777', displayName: 'Chị Lan', phoneNumber: '0907777777', blocked: ' ' });
    const f = bc.seed('franchises', {
      customerNumber: 'HN001',
      name: 'Đại lý Hà Nội',
      phoneNumber: '0241111111',
      vendorNumber: 'V-HO',
      receiptLeadTimeDays: 3,
      consignmentInTransitCode: 'HN-TRANSIT',
    });
    bc.seed('franchiseLocations', { franchiseId: f.id, locationCode: 'HN001-01', name: 'Cửa hàng 1', active: true });
    bc.seed('vendors', { number: 'V-HO', displayName: 'Head Office', blocked: ' ' });
    seedItem('TOI1');
    const to = bc.seed('transferOrders', {
      externalDocumentNumber: '',
      franchiseCode: 'HN001',
      transferFromCode: 'HO-CONS',
      transferToCode: 'HN001-CONS',
      inTransitCode: 'HN-TRANSIT',
      status: 'Released',
    });
    bc.seed('transferOrderLines', {
      documentId: to.id,
      lineNumber: 10000,
      itemNumber: 'TOI1',
      quantity: 5,
      quantityShipped: 0,
      quantityReceived: 0,
    });

    expect(await erp.customers.findByPhone('0907777777')).toMatchObject({
      customer_no: 'KH0777',
      name: 'Chị Lan',
      is_franchise: false,
      blocked: false,
    });
    expect(await erp.customers.get('HN001')).toMatchObject({ customer_no: 'HN001', is_franchise: true });
    expect(await erp.customers.findByPhone('0000000000')).toBeNull();
    expect(await erp.vendors.get('V-HO')).toMatchObject({ vendor_no: 'V-HO', name: 'Head Office' });
    expect(await erp.franchises.findByPhone('0241111111')).toMatchObject({
      customer_no: 'HN001',
      vendor_no: 'V-HO',
      receipt_lead_time: 3,
      consignment_intransit_code: 'HN-TRANSIT',
      locations: [{ location_code: 'HN001-01', name: 'Cửa hàng 1', is_active: true }],
    });
    const tos = await erp.transferOrders.list({ franchise_code: 'HN001' });
    expect(tos.value).toHaveLength(1);
    expect(tos.value[0]).toMatchObject({
      status: 'released',
      intransit_code: 'HN-TRANSIT',
      lines: [{ line_no: 10000, item_no: 'TOI1', quantity: '5', qty_shipped: '0' }],
    });
    expect(apiRequests().some((r) => r.path.includes('/api/franchiseportal/pos/v1.0/companies('))).toBe(true);
  });

  it('releases a sales order once: customer and unknown items created first (items in $batch), strict properties, dates YYYY-MM-DD', async () => {
    seedItem('KNOWN1');
    const doc = salesOrder(
      'SO-HN001-0001',
      [
        { item: 'KNOWN1', qty: '2', price: '12.5' },
        { item: 'NEW-1', qty: '1', price: '99000' },
      ],
      'KH-NEW-1',
    );
    const ack = await erp.documents.release(doc);
    const orders = bc.all('salesOrders').filter((o) => o.externalDocumentNumber === 'SO-HN001-0001');
    expect(orders).toHaveLength(1);
    expect(ack).toMatchObject({
      kind: 'sales_order',
      document_no: 'SO-HN001-0001',
      external_no: orders[0].number,
      status: 'open',
      system_id: orders[0].id,
    });
    expect(orders[0]).toMatchObject({ customerNumber: 'KH-NEW-1', orderDate: '2026-11-27' });
    const lines = bc.all('salesOrderLines').filter((l) => l.documentId === orders[0].id);
    expect(
      lines.map((l) => [l.sequence, l.lineType, l.lineObjectNumber, l.quantity, l.unitPrice, l.discountAmount]),
    ).toEqual([
      [10000, 'Item', 'KNOWN1', 2, 12.5, 0],
      [20000, 'Item', 'NEW-1', 1, 99000, 0],
    ]);
    expect(bc.all('customers').filter((c) => c.number === 'KH-NEW-1')).toHaveLength(1);
    expect(bc.all('items').filter((i) => i.number === 'NEW-1')).toHaveLength(1);
    expect(apiRequests().filter((r) => r.path.endsWith('/$batch'))).toHaveLength(2); // look up, then create
    // Every request BC answered was accepted: nothing was refused for an unknown property or a bad date.
    expect(apiRequests().filter((r) => r.status === 400)).toEqual([]);

    // Sent again (a retry): found by externalDocumentNumber, nothing new.
    const again = await erp.documents.release(doc);
    expect(again.external_no).toBe(ack.external_no);
    expect(bc.all('salesOrders').filter((o) => o.externalDocumentNumber === 'SO-HN001-0001')).toHaveLength(1);
    expect(bc.all('salesOrderLines').filter((l) => l.documentId === orders[0].id)).toHaveLength(2);
  });

  it('a bad date never reaches BC; BC’s refusal of a property is a permanent error with its message', async () => {
    const doc = salesOrder('SO-BAD-DATE', [{ item: 'KNOWN1', qty: '1', price: '1' }]);
    doc.header.order_date = '27-11-2026';
    await expect(erp.documents.release(doc)).rejects.toThrow('orderDate "27-11-2026" is not a date (YYYY-MM-DD).');
    expect(bc.all('salesOrders').some((o) => o.externalDocumentNumber === 'SO-BAD-DATE')).toBe(false);
    const client = new BcClient(readBcConfig(bc.env()), { now: () => clock });
    const refused = client.request('POST', client.standard('items'), {
      action: 'create an item',
      body: { number: 'ZZ1', colour: 'red' },
    });
    await expect(refused).rejects.toBeInstanceOf(BcRequestError);
    await expect(refused).rejects.toThrow(
      "Business Central refused to create an item: The property 'colour' does not exist on type 'Microsoft.NAV.item'.",
    );
  });

  it('PATCH carries If-Match; a stale etag is 412 → ErpConflictError (“changed in the ERP, reload”)', async () => {
    const doc = salesOrder('SO-ETAG-1', [{ item: 'KNOWN1', qty: '1', price: '10' }]);
    const ack = await erp.documents.release(doc);
    // Someone changes the order in BC; our re-release after a reopen (changed lines, our old etag) must not win.
    bc.touch('salesOrders', ack.system_id, { requestedDeliveryDate: '2026-12-01' });
    const changed = salesOrder('SO-ETAG-1', [{ item: 'KNOWN1', qty: '3', price: '10' }]);
    await expect(erp.documents.release({ ...changed, ifMatch: ack.etag })).rejects.toBeInstanceOf(ErpConflictError);
    // With BC's current etag the change goes through as a PATCH of the line with its If-Match.
    const current = bc.all('salesOrders').find((o) => o.id === ack.system_id)!;
    const fresh = await erp.documents.get('sales_order', 'SO-ETAG-1');
    bc.requests.length = 0;
    const ok = await erp.documents.release({ ...changed, ifMatch: fresh!.etag });
    expect(ok.etag).not.toBe(fresh!.etag);
    expect(bc.all('salesOrderLines').find((l) => l.documentId === current.id)?.quantity).toBe(3);
    // And a direct PATCH with a stale etag is BC's 412.
    const client = new BcClient(readBcConfig(bc.env()), { now: () => clock });
    const stale = client.request('PATCH', client.standard(`salesOrders(${ack.system_id})`), {
      action: 'update SO-ETAG-1',
      ifMatch: ack.etag,
      body: { requestedDeliveryDate: '2026-12-02' },
    });
    await expect(stale).rejects.toBeInstanceOf(ErpConflictError);
    await expect(stale).rejects.toThrow('was changed in the ERP. Reload it and try again.');
  });

  it('$batch holds at most 100 requests: 150 unknown items are looked up and created in two batches each', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => ({
      item: `BULK${String(i).padStart(3, '0')}`,
      qty: '1',
      price: '1000',
    }));
    await erp.documents.release(salesOrder('SO-BULK-1', lines));
    expect(apiRequests().filter((r) => r.path.endsWith('/$batch'))).toHaveLength(4);
    expect(bc.all('items').filter((i) => String(i.number).startsWith('BULK'))).toHaveLength(150);
    expect(bc.all('salesOrderLines').filter((l) => String(l.lineObjectNumber).startsWith('BULK'))).toHaveLength(150);
  });

  it('ship now: shipAndInvoice (204, the order leaves salesOrders), then BC’s invoice is found by externalDocumentNumber', async () => {
    await erp.documents.release(salesOrder('SO-SHIP-1', [{ item: 'KNOWN1', qty: '2', price: '10' }]));
    const posting = {
      kind: 'sales_order' as const,
      order_no: 'SO-SHIP-1',
      franchise_code: 'HN001',
      posting_date: '2026-11-27',
      document_date: '2026-11-27',
      external_document_no: 'SO-SHIP-1',
      lines: [],
    };
    const ss = await erp.documents.post({ ...posting, posted_kind: 'sales_shipment', posted_no: 'SS-1' });
    expect(apiRequests().find((r) => r.path.endsWith('/Microsoft.NAV.shipAndInvoice'))?.status).toBe(204);
    expect(bc.all('salesOrders').some((o) => o.externalDocumentNumber === 'SO-SHIP-1')).toBe(false);
    const invoice = bc.all('salesInvoices').find((i) => i.externalDocumentNumber === 'SO-SHIP-1')!;
    expect(ss.posted).toMatchObject({
      posted_kind: 'sales_shipment',
      posted_no: 'SS-1',
      external_no: bc.all('salesShipments').find((s) => s.externalDocumentNumber === 'SO-SHIP-1')!.number,
    });
    const si = await erp.documents.post({ ...posting, posted_kind: 'sales_invoice', posted_no: 'SI-1' });
    expect(si.posted.external_no).toBe(invoice.number);
    expect(si.order).toMatchObject({ status: 'completed', external_no: invoice.orderNumber });
    expect(bc.all('salesInvoices').filter((i) => i.externalDocumentNumber === 'SO-SHIP-1')).toHaveLength(1);
    expect(await erp.documents.get('sales_order', 'SO-SHIP-1')).toMatchObject({
      status: 'completed',
      posted: expect.arrayContaining([
        expect.objectContaining({ posted_kind: 'sales_invoice', external_no: invoice.number }),
      ]),
    });
    const shipped = await erp.documents.fetchPosted({ kind: 'sales_shipment', order_no: 'SO-SHIP-1' });
    expect(shipped.value[0]).toMatchObject({
      kind: 'sales_shipment',
      order_no: 'SO-SHIP-1',
      lines: [{ item_no: 'KNOWN1', quantity: '2' }],
    });
  });

  it('a consignment issue goes to the custom transferOrders page; its receipt to the receive action', async () => {
    const doc = {
      kind: 'consignment_issue' as const,
      document_no: 'CI-0001',
      franchise_code: 'HN001',
      header: {
        transfer_from_code: 'HO-CONS',
        transfer_to_code: 'HN001-CONS',
        intransit_code: 'HN-TRANSIT',
        shipment_date: '2026-11-28',
        receipt_date: null,
        external_document_no: 'CI-0001',
        dimensions: { campaign: '', costcenter: '' },
      },
      lines: salesOrder('x', [{ item: 'KNOWN1', qty: '4', price: '0' }]).lines,
    };
    const ack = await erp.documents.release(doc);
    await erp.documents.release(doc);
    const tos = bc.all('transferOrders').filter((t) => t.externalDocumentNumber === 'CI-0001');
    expect(tos).toHaveLength(1);
    expect(ack.external_no).toBe(tos[0].number);
    const r = await erp.documents.post({
      kind: 'transfer_order',
      order_no: 'CI-0001',
      posted_kind: 'transfer_receipt',
      posted_no: 'TR-1',
      franchise_code: 'HN001',
      posting_date: '2026-11-29',
      document_date: '2026-11-29',
      external_document_no: '',
      lines: [],
    });
    expect(r.order.status).toBe('completed');
    expect(bc.all('transferOrders').find((t) => t.id === tos[0].id)?.status).toBe('Received');
  });
});

describe('Business Central connector: faults', () => {
  it('429 with Retry-After: waits exactly that long before the same request, never sooner', async () => {
    seedItem('TH1');
    bc.throttleNext(2, { status: 429, retryAfterSeconds: 3, pathIncludes: '/items' });
    expect((await erp.items.get('TH1'))?.item_no).toBe('TH1');
    expect(sleeps).toEqual([3000, 3000]);
    const items = apiRequests().filter((r) => r.path.endsWith('/items'));
    expect(items.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('a Retry-After longer than a call may hold fails at once with ErpUnavailableError carrying the wait; the company waits it out', async () => {
    bc.throttleNext(1, { status: 429, retryAfterSeconds: 120 });
    const err = await erp.items.get('TH1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ErpUnavailableError);
    expect((err as ErpUnavailableError).retryAfterMs).toBe(120_000);
    expect((err as Error).message).toContain('Business Central is throttling requests (429); retry after 120 s');
    // Another call before the time is up does not even reach BC.
    const before = apiRequests().length;
    await expect(erp.vendors.get('V-HO')).rejects.toThrow(
      'Business Central asked to wait 120 s before the next request',
    );
    expect(apiRequests().length).toBe(before);
    clock += 120_000;
    expect(await erp.vendors.get('V-HO')).toMatchObject({ vendor_no: 'V-HO' });
  });

  it('503 is an outage: retried after Retry-After, and when it lasts, ErpUnavailableError (the job queue backs off)', async () => {
    bc.throttleNext(1, { status: 503, retryAfterSeconds: 2 });
    expect(await erp.vendors.get('V-HO')).not.toBeNull();
    expect(sleeps).toEqual([2000]);
    bc.outage(clock + 10 * 60_000);
    const err = await erp.vendors.get('V-HO').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ErpUnavailableError);
    expect((err as ErpUnavailableError).retryAfterMs).toBe(60_000);
    // 500 from BC is a failure a retry may fix too.
    bc.downUntil = 0;
    clock += 60_000;
    bc.failNext(1, { status: 500 });
    await expect(erp.vendors.get('V-HO')).rejects.toBeInstanceOf(ErpUnavailableError);
  });

  it('a slow answer past BC_TIMEOUT_MS is ErpUnavailableError; a slow answer within it is fine', async () => {
    const quick = connect({ BC_TIMEOUT_MS: '150' });
    bc.slowNext(1, 40, { method: 'GET' });
    expect(await quick.vendors.get('V-HO')).not.toBeNull();
    bc.slowNext(1, 600, { method: 'GET' });
    await expect(quick.vendors.get('V-HO')).rejects.toThrow(
      'Business Central did not answer within 150 ms to find vendor V-HO.',
    );
  });

  it('a connection dropped after the write: the retry finds the order by externalDocumentNumber, one order in BC', async () => {
    bc.dropAfterWriteNext(1, { method: 'POST', pathIncludes: '/salesOrders' });
    const doc = salesOrder('SO-DROP-1', [{ item: 'KNOWN1', qty: '1', price: '10' }]);
    await expect(erp.documents.release(doc)).rejects.toBeInstanceOf(ErpUnavailableError);
    expect(bc.all('salesOrders').filter((o) => o.externalDocumentNumber === 'SO-DROP-1')).toHaveLength(1);
    const ack = await erp.documents.release(doc);
    expect(bc.all('salesOrders').filter((o) => o.externalDocumentNumber === 'SO-DROP-1')).toHaveLength(1);
    expect(ack.external_no).toBe(bc.all('salesOrders').find((o) => o.externalDocumentNumber === 'SO-DROP-1')!.number);
    // The ship-and-invoice answer lost too: asked again, the invoice is found, not posted twice.
    bc.dropAfterWriteNext(1, { method: 'POST', pathIncludes: 'shipAndInvoice' });
    const posting = {
      kind: 'sales_order' as const,
      order_no: 'SO-DROP-1',
      posted_kind: 'sales_invoice' as const,
      posted_no: 'SI-D1',
      franchise_code: 'HN001',
      posting_date: '2026-11-27',
      document_date: '2026-11-27',
      external_document_no: '',
      lines: [],
    };
    await expect(erp.documents.post(posting)).rejects.toBeInstanceOf(ErpUnavailableError);
    const si = await erp.documents.post(posting);
    expect(bc.all('salesInvoices').filter((i) => i.externalDocumentNumber === 'SO-DROP-1')).toHaveLength(1);
    expect(si.posted.external_no).toBe(
      bc.all('salesInvoices').find((i) => i.externalDocumentNumber === 'SO-DROP-1')!.number,
    );
  });

  it("a refusal set through the HTTP control (POST /_control/faults): BC's message, only that document, until cleared", async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${bc.url}/_control/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const message = "Sell-to Customer No. must have a value in Sales Header: Document Type=Order, No.=''.";
    const set = await control('POST', 'faults', {
      method: 'POST',
      entitySet: 'salesOrders',
      bodyMatch: { externalDocumentNumber: 'SO-CTL-1' },
      status: 400,
      code: 'Internal_ValidationError',
      message,
    });
    expect(set.status).toBe(201);
    expect(await set.json()).toMatchObject({ entitySet: 'salesOrders', status: 400, remaining: null });
    // A rule the control cannot use is refused, naming the field.
    const badRule = await control('POST', 'faults', { entitySet: 'salesOrderz' });
    expect(badRule.status).toBe(400);
    expect(await badRule.text()).toContain("entitySet 'salesOrderz'");

    const refused = salesOrder('SO-CTL-1', [{ item: 'KNOWN1', qty: '1', price: '10' }]);
    // Refused every time while the rule stands: a permanent refusal carrying BC's code and message.
    for (let i = 0; i < 2; i++) {
      const err = await erp.documents.release(refused).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BcRequestError);
      expect(err).toMatchObject({ status: 400, code: 'Internal_ValidationError' });
      expect((err as Error).message).toContain(message);
    }
    // Another document is not met by the rule.
    await erp.documents.release(salesOrder('SO-CTL-2', [{ item: 'KNOWN1', qty: '1', price: '10' }]));
    expect(bc.all('salesOrders').filter((o) => o.externalDocumentNumber === 'SO-CTL-2')).toHaveLength(1);
    expect(bc.all('salesOrders').filter((o) => o.externalDocumentNumber === 'SO-CTL-1')).toHaveLength(0);

    // Cleared: the same release goes through once, and the control's record query finds exactly that order.
    expect(await (await control('DELETE', 'faults')).json()).toEqual({ cleared: 1 });
    const ack = await erp.documents.release(refused);
    const found = (await (await control('GET', 'records/salesOrders?externalDocumentNumber=SO-CTL-1')).json()) as {
      value: { number: string }[];
    };
    expect(found.value.map((o) => o.number)).toEqual([ack.external_no]);
    // The control is not BC: its requests are never recorded as BC traffic.
    expect(bc.requests.some((r) => r.path.startsWith('/_control'))).toBe(false);
  });

  it('the HTTP control lists, clears one rule, and takes BC down and back (an outage of the server clock)', async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${bc.url}/_control/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const one = await control('POST', 'faults', { entitySet: 'vendors', status: 503, retryAfterSeconds: 1, times: 2 });
    await control('POST', 'faults', { entitySet: 'customers', kind: 'drop', method: 'POST' });
    expect((await control('GET', 'faults')).body.value).toEqual([
      expect.objectContaining({ entitySet: 'vendors', status: 503, remaining: 2 }),
      expect.objectContaining({ entitySet: 'customers', kind: 'drop', remaining: null }),
    ]);
    expect((await control('DELETE', `faults/${String(one.body.id)}`)).body).toEqual({ cleared: 1 });
    expect((await control('GET', 'faults')).body.value).toEqual([expect.objectContaining({ entitySet: 'customers' })]);
    expect((await control('POST', 'faults', { times: 0 })).status).toBe(400);
    await control('DELETE', 'faults');

    expect((await control('POST', 'outage', { seconds: 60 })).status).toBe(200);
    const err = await erp.vendors.get('V-HO').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ErpUnavailableError);
    expect((await control('DELETE', 'outage')).body).toEqual({ downUntil: null });
    clock += 60_000; // the Retry-After BC asked for has passed
    expect(await connect().vendors.get('V-HO')).not.toBeNull();
  });

  it('a rule naming an entity set also meets that request inside a $batch', async () => {
    bc.addFault({
      entitySet: 'items',
      method: 'POST',
      bodyMatch: { number: 'NEWBATCH1' },
      status: 400,
      times: 1,
      message: 'Item refused.',
    });
    const err = await erp.documents
      .release(salesOrder('SO-CTL-3', [{ item: 'NEWBATCH1', qty: '1', price: '10' }]))
      .catch((e: unknown) => e);
    expect((err as Error).message).toContain('Item refused.');
    expect(bc.pendingFaults()).toEqual([]);
    expect(bc.all('salesOrders').filter((o) => o.externalDocumentNumber === 'SO-CTL-3')).toHaveLength(0);
  });

  it('keeps at most a few requests in flight for the company', async () => {
    for (let i = 0; i < 30; i++) seedItem(`CC${i}`);
    const limited = connect({}, { concurrency: 3 });
    // A slow answer of an earlier test may still be on its way: count from a quiet server.
    while (bc.inFlight > 0) await new Promise((r) => setTimeout(r, 10));
    bc.maxInFlight = 0;
    bc.chaos = { rate: 1, random: () => 0.99, slowMs: 15 }; // every request answers slowly
    await Promise.all(Array.from({ length: 30 }, (_, i) => limited.items.get(`CC${i}`)));
    expect(bc.maxInFlight).toBe(3);
  });
});
