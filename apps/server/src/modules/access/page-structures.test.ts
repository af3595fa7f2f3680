import { describe, expect, it } from 'vitest';
import type { PagePermission, PageStructure, PageStructureListItem } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';

const ctx = useTestApp();

type List<T> = { items: T[]; total_count: number };

async function structureByUrl(pageUrl: string) {
  const admin = await ctx.t.admin();
  const res = await admin.post<List<PageStructureListItem>>('/api/page-structures/filter', {
    filters: [{ field: 'page_url', value: pageUrl }],
  });
  return res.data.items[0];
}

describe('page structures', () => {
  it('creates, reads, filters, updates and deletes a structure', async () => {
    const admin = await ctx.t.admin();
    const created = await admin.post<PageStructure>('/api/page-structures', {
      page_url: '/reports/custom/weekly',
      page_name: 'Weekly Report',
      buttons: ['Print', ' Export Excel '],
      fields: ['from_date'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.data).toMatchObject({
      page_url: '/reports/custom/weekly',
      page_name: 'Weekly Report',
      buttons: ['Print', 'Export Excel'],
      fields: ['from_date'],
      filters: [],
      version: 1,
    });

    const got = await admin.get<PageStructure>(`/api/page-structures/${created.data.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.data.page_name).toBe('Weekly Report');

    const list = await admin.post<List<PageStructureListItem>>('/api/page-structures/filter', {
      filters: [{ field: 'page_url', value: 'custom/week', condition_type: 'like' }],
    });
    expect(list.data.total_count).toBe(1);
    expect(list.data.items[0]).toMatchObject({
      page_url: '/reports/custom/weekly',
      buttons_count: 2,
      fields_count: 1,
      filters_count: 0,
    });

    const updated = await admin.put<PageStructure>(`/api/page-structures/${created.data.id}`, {
      page_name: 'Weekly Revenue',
      filters: ['franchise_code', 'order_date'],
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data).toMatchObject({
      page_name: 'Weekly Revenue',
      buttons: ['Print', 'Export Excel'],
      filters: ['franchise_code', 'order_date'],
      version: 2,
    });

    const stale = await admin.put(`/api/page-structures/${created.data.id}`, { page_name: 'Lost write', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    expect((await admin.get<PageStructure>(`/api/page-structures/${created.data.id}`)).data.page_name).toBe(
      'Weekly Revenue',
    );

    expect((await admin.del(`/api/page-structures/${created.data.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/page-structures/${created.data.id}`)).statusCode).toBe(404);
  });

  it('lists every screen of the application, seeded from the route table', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<List<PageStructureListItem>>('/api/page-structures/filter', {
      filters: [{ field: 'page_url', value: '/cancelReasons|/pagePermission' }],
      sort_order: { field: 'page_url', direction: 'asc' },
    });
    expect(res.data.items.map((i) => i.page_url)).toEqual(['/cancelReasons', '/pagePermission']);
    expect(res.data.items[0].buttons).toContain('Add New');
  });

  it('names the field of bad input', async () => {
    const admin = await ctx.t.admin();
    const empty = await admin.post('/api/page-structures', {});
    expect(empty.statusCode).toBe(400);
    const byField = Object.fromEntries(empty.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField.page_url).toBe('This is required field!');
    expect(byField.page_name).toBe('This is required field!');

    const bad = await admin.post('/api/page-structures', {
      page_url: 'reports',
      page_name: 'x'.repeat(101),
      buttons: ['Save', '', 'Save'],
    });
    expect(bad.statusCode).toBe(400);
    const msgs = Object.fromEntries(bad.envelope.errors.map((e) => [e.field, e.msg]));
    expect(msgs.page_url).toBe('page_url must start with / and contain no spaces, #, ? or |');
    expect(msgs.page_name).toBe('Maximum 100 characters!');
    expect(msgs['buttons.1']).toBe('This is required field!');
    expect(msgs['buttons.2']).toBe('Save is listed twice');

    const noVersion = await admin.put('/api/page-structures/1', { page_name: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.envelope.errors[0]).toMatchObject({ field: 'version', msg: 'version is required' });

    const badId = await admin.get('/api/page-structures/abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.envelope.errors[0].field).toBe('id');

    const badFilter = await admin.post('/api/page-structures/filter', { filters: [{ field: 'buttons', value: 'x' }] });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.envelope.errors[0].msg).toBe('Unknown filter field: buttons');
  });

  it('refuses a second structure for the same url with 409 on page_url', async () => {
    const admin = await ctx.t.admin();
    const a = await admin.post<PageStructure>('/api/page-structures', { page_url: '/dup/a', page_name: 'A' });
    const b = await admin.post<PageStructure>('/api/page-structures', { page_url: '/dup/b', page_name: 'B' });
    const again = await admin.post('/api/page-structures', { page_url: '/dup/a', page_name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.envelope.errors[0]).toMatchObject({ field: 'page_url', msg: 'Page URL /dup/a already exists' });
    const moved = await admin.put('/api/page-structures/' + b.data.id, { page_url: '/dup/a', version: b.data.version });
    expect(moved.statusCode).toBe(409);
    expect(moved.envelope.errors[0].field).toBe('page_url');
    expect((await admin.get<PageStructure>(`/api/page-structures/${a.data.id}`)).data.page_name).toBe('A');
    expect((await admin.get<PageStructure>(`/api/page-structures/${b.data.id}`)).data.page_url).toBe('/dup/b');
  });

  it('answers 404 for a structure that does not exist', async () => {
    const admin = await ctx.t.admin();
    expect((await admin.get('/api/page-structures/999999')).statusCode).toBe(404);
    const put = await admin.put('/api/page-structures/999999', { page_name: 'x', version: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.envelope.errors[0].msg).toBe('Page structure not found');
    expect((await admin.del('/api/page-structures/999999')).statusCode).toBe(404);
  });

  it('keeps the url of a screen of the application and refuses to delete it, but lets its buttons change', async () => {
    const admin = await ctx.t.admin();
    const cancel = await structureByUrl('/cancelReasons');
    const rename = await admin.put(`/api/page-structures/${cancel.id}`, {
      page_url: '/cancelReasons2',
      version: cancel.version,
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.envelope.errors[0]).toMatchObject({ code: 'registered_page', field: 'page_url' });
    const del = await admin.del(`/api/page-structures/${cancel.id}`);
    expect(del.statusCode).toBe(422);
    const edited = await admin.put<PageStructure>(`/api/page-structures/${cancel.id}`, {
      buttons: [...cancel.buttons, 'Print'],
      version: cancel.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.data.buttons).toContain('Print');
    expect(edited.data.page_url).toBe('/cancelReasons');
  });

  it('carries a new url and removed buttons over to the permissions, and refuses to delete a structure in use', async () => {
    const admin = await ctx.t.admin();
    const s = await admin.post<PageStructure>('/api/page-structures', {
      page_url: '/old/place',
      page_name: 'Old',
      buttons: ['Print', 'Mail'],
    });
    const perm = await admin.post<PagePermission>('/api/page-permissions', {
      name: 'Uses old place',
      pages: [{ page_url: '/old/place', permission_type: 'edit' }],
      permissions: ['/old/place#Print', '/old/place#Mail'],
    });
    expect(perm.statusCode).toBe(201);

    const inUse = await admin.del(`/api/page-structures/${s.data.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.envelope.errors[0].code).toBe('in_use');
    expect(inUse.envelope.errors[0].msg).toContain('Uses old place');
    expect((await admin.get(`/api/page-structures/${s.data.id}`)).statusCode).toBe(200);

    const moved = await admin.put<PageStructure>(`/api/page-structures/${s.data.id}`, {
      page_url: '/new/place',
      buttons: ['Print'],
      version: s.data.version,
    });
    expect(moved.statusCode).toBe(200);
    const after = await admin.get<PagePermission>(`/api/page-permissions/${perm.data.id}`);
    expect(after.data.pages).toEqual([{ page_url: '/new/place', permission_type: 'edit' }]);
    expect(after.data.permissions).toEqual(['/new/place#Print']);
    expect(after.data.version).toBe(perm.data.version + 1);
  });

  it('lets a viewer read but not change, and refuses users without the page', async () => {
    const admin = await ctx.t.admin();
    const s = await admin.post<PageStructure>('/api/page-structures', { page_url: '/guarded', page_name: 'Guarded' });
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/pageStructure', permission_type: 'view' }] });
    const none = await ctx.t.makeUser({});

    expect((await viewer.client.post('/api/page-structures/filter', {})).statusCode).toBe(200);
    expect((await viewer.client.get(`/api/page-structures/${s.data.id}`)).statusCode).toBe(200);
    const create = await viewer.client.post('/api/page-structures', { page_url: '/viewer/made', page_name: 'No' });
    expect(create.statusCode).toBe(403);
    expect(create.envelope.errors[0].msg).toBe(
      'You need edit permission on /pageStructure or /pageStructure/detail/{slug}',
    );
    expect(
      (await viewer.client.put(`/api/page-structures/${s.data.id}`, { page_name: 'Changed', version: s.data.version }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.client.del(`/api/page-structures/${s.data.id}`)).statusCode).toBe(403);
    expect(await structureByUrl('/viewer/made')).toBeUndefined();
    const still = await admin.get<PageStructure>(`/api/page-structures/${s.data.id}`);
    expect(still.data).toMatchObject({ page_name: 'Guarded', version: s.data.version });

    // The permission editor picks pages from the structures, and the detail screen edits them.
    const permissionViewer = await ctx.t.makeUser({
      pages: [{ page_url: '/pagePermission', permission_type: 'view' }],
    });
    expect((await permissionViewer.client.post('/api/page-structures/filter', {})).statusCode).toBe(200);
    expect(
      (
        await permissionViewer.client.put(`/api/page-structures/${s.data.id}`, {
          page_name: 'Changed',
          version: s.data.version,
        })
      ).statusCode,
    ).toBe(403);
    const detailEditor = await ctx.t.makeUser({
      pages: [{ page_url: '/pageStructure/detail/{slug}', permission_type: 'edit' }],
    });
    const viaDetail = await detailEditor.client.put<PageStructure>(`/api/page-structures/${s.data.id}`, {
      page_name: 'Guarded too',
      version: s.data.version,
    });
    expect(viaDetail.statusCode).toBe(200);
    expect(viaDetail.data.page_name).toBe('Guarded too');

    expect((await none.client.post('/api/page-structures/filter', {})).statusCode).toBe(403);
    expect((await none.client.get(`/api/page-structures/${s.data.id}`)).statusCode).toBe(403);

    const anon = ctx.t.anon;
    expect((await anon.post('/api/page-structures/filter', {})).statusCode).toBe(401);
    expect((await anon.get(`/api/page-structures/${s.data.id}`)).statusCode).toBe(401);
    expect((await anon.post('/api/page-structures', { page_url: '/anon', page_name: 'x' })).statusCode).toBe(401);
    expect((await anon.put(`/api/page-structures/${s.data.id}`, { page_name: 'x', version: 1 })).statusCode).toBe(401);
    expect((await anon.del(`/api/page-structures/${s.data.id}`)).statusCode).toBe(401);
  });

  it('exports the filtered structures as xlsx', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/page-structures/filter/export', {
      filters: [{ field: 'page_url', value: '/users' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Page URL');
    expect(ws.getRow(2).getCell(1).value).toBe('/users');
    expect(ws.getRow(2).getCell(3).value).toBe(10);
    expect(ws.rowCount).toBe(2);
  });
});
