import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.js';
import { loadConfig } from '../config.js';
import { franchises } from '../modules/franchises/schema.js';
import { createErp } from './index.js';
import { syncLogs } from './schema.js';
import type { ErpDocument, ErpParty } from './port.js';

const ctx = useTestApp({ DEFAULT_VENDOR_NO: 'V-HO-9', DEFAULT_VENDOR_NAME: 'Trụ sở' });

describe('ERP port', () => {
  it('is chosen by ERP_MODE: standalone by default, business_central refused at start naming each missing variable', () => {
    const db = ctx.t.services.db;
    expect(createErp(loadConfig({}), db).mode).toBe('standalone');
    expect(() => createErp(loadConfig({ ERP_MODE: 'business_central', BC_CLIENT_ID: 'x' }), db)).toThrow(
      'ERP_MODE=business_central: these environment variables are missing: BC_TENANT_ID, BC_CLIENT_SECRET, BC_ENVIRONMENT, BC_COMPANY_ID.',
    );
    expect(() => createErp(loadConfig({ ERP_MODE: 'sap' }), db)).toThrow(
      'ERP_MODE=sap is not supported (use standalone or business_central)',
    );
    expect(ctx.t.services.erp.mode).toBe('standalone');
  });

  it('pages franchises BC-style with nextLink and carries etags that follow the version', async () => {
    const { erp, db } = ctx.t.services;
    for (const n of [1, 2, 3, 4, 5])
      await db.insert(franchises).values({ customer_no: `PG${n}`, name: `Trang ${n}`, phone_no: `090000000${n}` });
    await db.update(franchises).set({ version: 7 }).where(eq(franchises.customer_no, 'PG2'));
    const first = await erp.franchises.list({ top: 2 });
    expect(first.value.map((f) => f.customer_no)).toEqual(['PG1', 'PG2']);
    expect(first.value[1].etag).toBe('W/"7"');
    expect(first.nextLink).not.toBeNull();
    const second = await erp.franchises.list({ nextLink: first.nextLink! });
    expect(second.value.map((f) => f.customer_no)).toEqual(['PG3', 'PG4']);
    const last = await erp.franchises.list({ nextLink: second.nextLink! });
    expect(last.value.map((f) => f.customer_no)).toEqual(['PG5']);
    expect(last.nextLink).toBeNull();
    expect((await erp.franchises.list({ filter: { customer_no: 'PG3' } })).value).toHaveLength(1);
    expect((await erp.franchises.findByPhone('0900000004'))?.customer_no).toBe('PG4');
    expect(await erp.franchises.get('NONE')).toBeNull();
  });

  it('answers customers, the default vendor and releases in standalone mode', async () => {
    const { erp } = ctx.t.services;
    expect(await erp.customers.get('PG1')).toMatchObject({
      customer_no: 'PG1',
      name: 'Trang 1',
      is_franchise: true,
      country_region_code: 'VNM',
    });
    expect((await erp.customers.findByPhone('0900000005'))?.customer_no).toBe('PG5');
    expect(await erp.vendors.get('V-HO-9')).toMatchObject({ vendor_no: 'V-HO-9', name: 'Trụ sở' });
    expect(await erp.vendors.get('V-OTHER')).toBeNull();
    const party = (no: string, name: string): ErpParty => ({
      no,
      name,
      address: '1 Lê Lợi',
      address_2: '',
      city: 'Hà Nội',
      district_code: '001',
      post_code: '01',
      country_region_code: 'VN',
      phone_no: '0900000001',
      contact: '',
    });
    const release: ErpDocument = {
      kind: 'purchase_order',
      document_no: 'PG1-PO-26-000001',
      franchise_code: 'PG1',
      header: {
        vendor_no: 'V-HO-9',
        vendor_name: 'Trụ sở',
        buy_from: party('PG1', 'Trang 1'),
        receiving_location_code: 'PG1-01',
        receiving: party('PG1-01', 'Kho 1'),
        order_date: '2026-02-01',
        requested_receipt_date: '2026-02-05',
        external_document_no: '',
        dimensions: { campaign: '', costcenter: '', channel: '', department: '', factory: '' },
        invoice_discount_amount: '0',
        agent_code: '',
        agent_service_code: '',
      },
      lines: [
        {
          line_no: 10000,
          line_type: 'item',
          item_no: 'I1',
          variant_code: '',
          description: 'Nước mắm',
          unit_of_measure: 'PCS',
          location_code: 'PG1-01',
          quantity: '2',
          qty_to_ship: '2',
          qty_to_invoice: '2',
          qty_to_receive: '0',
          unit_price: '10000',
          line_discount_amount: '0',
          vat_percent: '10',
          amount: '20000',
        },
      ],
    };
    expect(await erp.documents.get('purchase_order', release.document_no)).toMatchObject({
      status: 'standalone',
      external_no: release.document_no,
      posted: [],
    });
    const a = await erp.documents.release(release);
    const b = await erp.documents.release(release);
    expect(a).toMatchObject({ document_no: 'PG1-PO-26-000001', external_no: 'PG1-PO-26-000001', status: 'released' });
    expect(b.external_no).toBe(a.external_no);
    expect(b.etag).not.toBe(a.etag);
    const posting = {
      posted_kind: 'purchase_receipt' as const,
      posted_no: 'PG1-PR-26-000001',
      kind: 'purchase_order' as const,
      order_no: release.document_no,
      franchise_code: 'PG1',
      posting_date: '2026-02-06',
      document_date: '2026-02-06',
      external_document_no: '',
      lines: [],
    };
    const posted = await erp.documents.post(posting);
    expect(posted.posted).toMatchObject({ posted_no: 'PG1-PR-26-000001', external_no: 'PG1-PR-26-000001' });
    await erp.documents.post(posting); // the same posted number again is recorded once
    expect(await erp.documents.get('purchase_order', release.document_no)).toMatchObject({
      status: 'released',
      posted: [{ posted_kind: 'purchase_receipt', posted_no: 'PG1-PR-26-000001' }],
    });
    expect((await erp.documents.reopen({ kind: 'purchase_order', document_no: release.document_no })).status).toBe(
      'open',
    );
    expect(
      (await erp.documents.cancel({ kind: 'purchase_order', document_no: release.document_no, reason: 'x' })).status,
    ).toBe('canceled');
    expect((await erp.documents.fetchPosted({ order_no: 'PG1-PO-26-000001' })).value).toEqual([]);
    expect(await erp.authorize()).toMatchObject({ ok: true });
  });

  it('logs every sync call with its user, also when it fails', async () => {
    const { erp, db } = ctx.t.services;
    const r = await erp.customers.sync({ syncAll: true }, { user: { id: 1, username: 'admin' } });
    expect(r.records).toBeGreaterThanOrEqual(5);
    await expect(erp.franchises.sync('NONE')).rejects.toThrow('Franchise NONE does not exist');
    const logs = await db.select().from(syncLogs);
    expect(logs.find((l) => l.table_code === 'customer')).toMatchObject({
      action: 'sync_all',
      status: 'success',
      username: 'admin',
      records: r.records,
    });
    expect(logs.find((l) => l.table_code === 'franchise')).toMatchObject({
      action: 'sync',
      status: 'failed',
      message: 'Franchise NONE does not exist',
      username: null,
    });
  });
});
