import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemDocument } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { makeItem } from '../items/test-support/builders.js';
import { pdf, postForm } from './test-support/multipart.js';

// Local drive (the default) with a 1 MB limit so an oversize file stays small.
const ctx = useTestApp({ DRIVE_MAX_UPLOAD_MB: '1' });
beforeAll(async () => {
  const admin = await ctx.t.admin();
  const variant = (code: string) => ({ variant_code: code, description: `Màu ${code}` });
  await makeItem(admin, { item_no: 'IT-1001', variants: [variant('RED')] });
  await makeItem(admin, { item_no: 'IT-4004', variants: [variant('BLUE')] });
  for (const no of ['IT-2002', 'IT-3003', 'IT-9', 'IT-5005', 'IT-6006', 'IT-7007', 'AB/12.'])
    await makeItem(admin, { item_no: no });
});

type List = { items: ItemDocument[]; total_count: number };
const driveRoot = () => path.join(ctx.t.config.dataDir, 'drive');
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];
const fileUrl = (doc: ItemDocument) => `/api/drive/files/${encodeURIComponent(doc.file_id)}`;

async function upload(
  fields: Record<string, string>,
  name = 'spec.pdf',
  data: Buffer = pdf(),
  type = 'application/pdf',
) {
  const admin = await ctx.t.admin();
  return postForm<ItemDocument>(admin, '/api/item-documents', fields, { file: { name, type, data } });
}

describe('item documents on the local drive', () => {
  it('uploads a document, lists it and opens the same bytes', async () => {
    const admin = await ctx.t.admin();
    const data = pdf('thông số kỹ thuật');
    const res = await upload(
      { item_no: 'it-1001', variant_code: 'red', title: 'Thông số kỹ thuật', document_type: 'spec_sheet' },
      'Thông số.pdf',
      data,
    );
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      item_no: 'IT-1001',
      variant_code: 'RED',
      title: 'Thông số kỹ thuật',
      document_type: 'spec_sheet',
      file_name: 'Thông số.pdf',
      file_path: 'Items/IT-1001/Thông số.pdf',
      file_size: data.length,
      content_type: 'application/pdf',
      uploaded_by: 'admin',
      version: 1,
    });
    expect(readFileSync(path.join(driveRoot(), 'Items', 'IT-1001', 'Thông số.pdf')).equals(data)).toBe(true);

    const list = await admin.post<List>('/api/item-documents/filter', {
      filters: [{ field: 'item_no', value: 'IT-1001' }],
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.total_count).toBe(1);
    expect(list.data.items[0].id).toBe(res.data.id);

    const opened = await admin.get(fileUrl(res.data));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toContain('inline;');
    expect(opened.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Thông số.pdf')}`);
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.rawPayload.equals(data)).toBe(true);
  });

  it('keeps both files when the same name is uploaded twice for an item', async () => {
    const first = await upload({ item_no: 'IT-2002' }, 'price.pdf', pdf('first'));
    const second = await upload({ item_no: 'IT-2002' }, 'price.pdf', pdf('second'));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(first.data.title).toBe('price.pdf');
    expect(first.data.document_type).toBe('other');
    expect(second.data.file_name).toBe('price (2).pdf');
    const admin = await ctx.t.admin();
    expect((await admin.get(fileUrl(first.data))).rawPayload.toString()).toContain('first');
    expect((await admin.get(fileUrl(second.data))).rawPayload.toString()).toContain('second');
  });

  it('gives two uploads of the same name at the same time two files', async () => {
    const [a, b] = await Promise.all([
      upload({ item_no: 'IT-2002' }, 'same.pdf', pdf('one')),
      upload({ item_no: 'IT-2002' }, 'same.pdf', pdf('two')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.data.file_name, b.data.file_name].sort()).toEqual(['same (2).pdf', 'same.pdf']);
    const admin = await ctx.t.admin();
    expect((await admin.get(fileUrl(a.data))).rawPayload.equals(pdf('one'))).toBe(true);
    expect((await admin.get(fileUrl(b.data))).rawPayload.equals(pdf('two'))).toBe(true);
  });

  it('keeps an item number with "/" and a trailing dot in a folder the drive accepts', async () => {
    const res = await upload({ item_no: 'ab/12.' }, 'spec.pdf');
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ item_no: 'AB/12.', file_path: 'Items/AB_12/spec.pdf' });
    expect(existsSync(path.join(driveRoot(), 'Items', 'AB_12', 'spec.pdf'))).toBe(true);
  });

  it('takes an image as document type image when none is chosen', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await upload({ item_no: 'IT-3003' }, 'front.png', png, 'image/png');
    expect(res.statusCode).toBe(201);
    expect(res.data.document_type).toBe('image');
    const opened = await (await ctx.t.admin()).get(fileUrl(res.data));
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.rawPayload.equals(png)).toBe(true);
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const admin = await ctx.t.admin();
    const before = (await admin.post<List>('/api/item-documents/filter', {})).data.total_count;
    const filesBefore = filesUnder(driveRoot()).length;

    const empty = await postForm(admin, '/api/item-documents', { document_type: 'poster' });
    expect(empty.statusCode).toBe(400);
    const errors = Object.fromEntries(empty.envelope.errors.map((e) => [e.field, e.msg]));
    expect(errors.item_no).toBe('This is required field!');
    expect(errors.document_type).toBe('document_type must be one of image, spec_sheet, price_sheet, other');
    expect(errors.file).toBe('This is required field!');

    const exe = await upload({ item_no: 'IT-9' }, 'setup.exe', Buffer.from('MZ'), 'application/x-msdownload');
    expect(exe.statusCode).toBe(400);
    expect(exe.envelope.errors[0].field).toBe('file');
    expect(exe.envelope.errors[0].msg).toMatch(
      /^The file type "application\/x-msdownload" is not allowed\. Allowed types: application\/pdf, image\/jpeg/,
    );

    const renamed = await upload({ item_no: 'IT-9' }, 'page.html', Buffer.from('<script>'), 'application/pdf');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.envelope.errors[0]).toMatchObject({ field: 'file' });
    expect(renamed.envelope.errors[0].msg).toContain('The file type of "page.html" is not allowed.');

    const big = await upload({ item_no: 'IT-9' }, 'big.pdf', Buffer.alloc(1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.envelope.errors[0]).toMatchObject({ field: 'file', msg: 'The file is larger than the 1 MB limit.' });

    const colon = await upload({ item_no: 'IT-9' }, 'a:b.pdf');
    expect(colon.statusCode).toBe(400);
    expect(colon.envelope.errors[0]).toMatchObject({
      field: 'file',
      msg: 'The file name must not contain any of " * : < > ? \\ |.',
    });

    const emptyFile = await upload({ item_no: 'IT-9' }, 'empty.pdf', Buffer.alloc(0));
    expect(emptyFile.envelope.errors[0]).toMatchObject({ field: 'file', msg: 'The file is empty.' });

    const longTitle = await upload({ item_no: 'IT-9', title: 'x'.repeat(251) });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.envelope.errors[0]).toMatchObject({ field: 'title', msg: 'Maximum 250 characters!' });

    const badItem = await upload({ item_no: 'nope-1' });
    expect(badItem.statusCode).toBe(400);
    expect(badItem.envelope.errors[0]).toMatchObject({ field: 'item_no', msg: 'Item NOPE-1 does not exist' });

    const badVariant = await upload({ item_no: 'IT-9', variant_code: 'GOLD' });
    expect(badVariant.statusCode).toBe(400);
    expect(badVariant.envelope.errors[0]).toMatchObject({
      field: 'variant_code',
      msg: 'Variant GOLD does not exist for item IT-9',
    });

    const json = await admin.post('/api/item-documents', { item_no: 'IT-9', title: 'no file' });
    expect(json.statusCode).toBe(400);
    expect(json.envelope.errors[0]).toMatchObject({
      field: 'file',
      msg: 'Send the file as multipart/form-data in the field "file"',
    });

    const two = await postForm(
      admin,
      '/api/item-documents',
      { item_no: 'IT-9' },
      {
        file: { name: 'a.pdf', type: 'application/pdf', data: pdf() },
        other: { name: 'b.pdf', type: 'application/pdf', data: pdf() },
      },
    );
    expect(two.statusCode).toBe(400);
    expect(two.envelope.errors[0].field).toBe('file');

    expect((await admin.post<List>('/api/item-documents/filter', {})).data.total_count).toBe(before);
    expect(filesUnder(driveRoot()).length).toBe(filesBefore);
  });

  it('updates the metadata with the version last read', async () => {
    const admin = await ctx.t.admin();
    const doc = (await upload({ item_no: 'IT-4004' }, 'sheet.pdf')).data;
    const res = await admin.put<ItemDocument>('/api/item-documents', {
      id: doc.id,
      version: doc.version,
      title: 'Bảng giá 2026',
      document_type: 'price_sheet',
      variant_code: 'BLUE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      title: 'Bảng giá 2026',
      document_type: 'price_sheet',
      variant_code: 'BLUE',
      item_no: 'IT-4004',
      file_id: doc.file_id,
      version: doc.version + 1,
    });

    const cleared = await admin.put<ItemDocument>('/api/item-documents', {
      id: doc.id,
      version: res.data.version,
      variant_code: '',
    });
    expect(cleared.data.variant_code).toBeNull();
    expect(cleared.data.title).toBe('Bảng giá 2026');

    const stale = await admin.put('/api/item-documents', { id: doc.id, version: doc.version, title: 'Old' });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');

    const moved = await admin.put('/api/item-documents', {
      id: doc.id,
      version: cleared.data.version,
      item_no: 'IT-404404',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.envelope.errors[0]).toMatchObject({ field: 'item_no', msg: 'Item IT-404404 does not exist' });
    const wrongVariant = await admin.put('/api/item-documents', {
      id: doc.id,
      version: cleared.data.version,
      variant_code: 'RED',
    });
    expect(wrongVariant.envelope.errors[0]).toMatchObject({
      field: 'variant_code',
      msg: 'Variant RED does not exist for item IT-4004',
    });

    const missing = await admin.put('/api/item-documents', { id: 999999, version: 1, title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.errors[0].msg).toBe('Item document not found');

    const bad = await admin.put('/api/item-documents', { id: doc.id, title: '', document_type: 'poster' });
    expect(bad.statusCode).toBe(400);
    const errors = Object.fromEntries(bad.envelope.errors.map((e) => [e.field, e.msg]));
    expect(errors).toMatchObject({
      version: 'version is required',
      title: 'This is required field!',
      document_type: 'document_type must be one of image, spec_sheet, price_sheet, other',
    });
    const after = await admin.post<List>('/api/item-documents/filter', { filters: [{ field: 'id', value: doc.id }] });
    expect(after.data.items[0].title).toBe('Bảng giá 2026');
  });

  it('removes documents with their files, and refuses unknown ids without removing any', async () => {
    const admin = await ctx.t.admin();
    const a = (await upload({ item_no: 'IT-5005' }, 'a.pdf')).data;
    const b = (await upload({ item_no: 'IT-5005' }, 'b.pdf')).data;
    const onDisk = (doc: ItemDocument) => existsSync(path.join(driveRoot(), ...doc.file_path.split('/')));
    expect(onDisk(a) && onDisk(b)).toBe(true);

    const unknown = await admin.post('/api/item-documents/remove', { ids: [a.id, 999999] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.envelope.errors[0]).toMatchObject({ field: 'ids', msg: 'Item document not found: 999999' });
    expect(onDisk(a)).toBe(true);

    const empty = await admin.post('/api/item-documents/remove', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.envelope.errors[0]).toMatchObject({ field: 'ids', msg: 'ids must not be empty' });

    const res = await admin.post<{ removed: number[] }>('/api/item-documents/remove', { ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.data.removed.sort()).toEqual([a.id, b.id].sort());
    expect(onDisk(a) || onDisk(b)).toBe(false);
    expect(
      (await admin.post<List>('/api/item-documents/filter', { filters: [{ field: 'item_no', value: 'IT-5005' }] })).data
        .total_count,
    ).toBe(0);
    expect((await admin.get(fileUrl(a))).statusCode).toBe(404);
  });

  it('lets a viewer read and open but not change, and refuses strangers', async () => {
    const doc = (await upload({ item_no: 'IT-6006' }, 'view.pdf')).data;
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/document', permission_type: 'view' }] });
    const none = await ctx.t.makeUser({});

    expect((await viewer.client.post('/api/item-documents/filter', {})).statusCode).toBe(200);
    expect((await viewer.client.get(fileUrl(doc))).statusCode).toBe(200);
    const add = await postForm(
      viewer.client,
      '/api/item-documents',
      { item_no: 'IT-6006' },
      { file: { name: 'x.pdf', type: 'application/pdf', data: pdf() } },
    );
    expect(add.statusCode).toBe(403);
    expect(
      (await viewer.client.put('/api/item-documents', { id: doc.id, version: doc.version, title: 'Hacked' }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.client.post('/api/item-documents/remove', { ids: [doc.id] })).statusCode).toBe(403);
    expect((await viewer.client.post('/api/drive/site-info/sync')).statusCode).toBe(403);
    expect((await viewer.client.post('/api/drive/authorize')).statusCode).toBe(403);

    const admin = await ctx.t.admin();
    const after = await admin.post<List>('/api/item-documents/filter', {
      filters: [{ field: 'item_no', value: 'IT-6006' }],
    });
    expect(after.data.total_count).toBe(1);
    expect(after.data.items[0]).toMatchObject({ title: 'view.pdf', version: doc.version });
    expect(existsSync(path.join(driveRoot(), 'Items', 'IT-6006', 'x.pdf'))).toBe(false);

    const tablet = await ctx.t.makeUser({ pages: [{ page_url: '/tablet/document', permission_type: 'edit' }] });
    expect((await tablet.client.post<List>('/api/item-documents/filter', {})).data.total_count).toBeGreaterThan(0);
    expect((await tablet.client.get(fileUrl(doc))).rawPayload.equals(pdf())).toBe(true);
    expect((await tablet.client.post('/api/item-documents/remove', { ids: [doc.id] })).statusCode).toBe(403);

    expect((await none.client.post('/api/item-documents/filter', {})).statusCode).toBe(403);
    expect((await none.client.get(fileUrl(doc))).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/item-documents/filter', {})).statusCode).toBe(401);
    expect((await ctx.t.anon.get(fileUrl(doc))).statusCode).toBe(401);
    expect((await ctx.t.anon.get('/api/drive/token-info')).statusCode).toBe(401);
    expect((await ctx.t.anon.post('/api/item-documents/remove', { ids: [doc.id] })).statusCode).toBe(401);
  });

  it('filters by type and title, refuses unknown filter fields, exports the list', async () => {
    const admin = await ctx.t.admin();
    await upload({ item_no: 'IT-7007', title: 'Catalogue hè', document_type: 'price_sheet' }, 'summer.pdf');
    const byType = await admin.post<List>('/api/item-documents/filter', {
      filters: [
        { field: 'document_type', value: 'price_sheet' },
        { field: 'title', value: 'logue', condition_type: 'like' },
      ],
    });
    expect(byType.data.items.map((d) => d.item_no)).toEqual(['IT-7007']);
    const bad = await admin.post('/api/item-documents/filter', { filters: [{ field: 'file_id', value: 'x' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'filters.field', msg: 'Unknown filter field: file_id' });

    const res = await admin.post('/api/item-documents/filter/export', {
      filters: [{ field: 'item_no', value: 'IT-7007' }],
    });
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Item No');
    expect(ws.getRow(2).getCell(3).value).toBe('Catalogue hè');
    expect(ws.getRow(2).getCell(5).value).toBe('summer.pdf');
    expect(ws.rowCount).toBe(2);
  });
});

describe('cloud drive routes on the local folder', () => {
  it('reports token, item config and site, which every signed-in user may read', async () => {
    const user = await ctx.t.makeUser({});
    const token = await user.client.get('/api/drive/token-info');
    expect(token.statusCode).toBe(200);
    expect(token.data).toEqual({ mode: 'local', authorized: true, expires_at: null });
    const config = await user.client.get<{ folder: string; max_size: number; allowed_content_types: string[] }>(
      '/api/drive/item-config',
    );
    expect(config.data.folder).toBe('Items');
    expect(config.data.max_size).toBe(1024 * 1024);
    expect(config.data.allowed_content_types).toContain('application/pdf');
    const site = await user.client.post<{ mode: string; base_path: string; synced_at: string }>('/api/drive/site-info');
    expect(site.statusCode).toBe(200);
    expect(site.data).toMatchObject({ mode: 'local', base_path: driveRoot() });

    const admin = await ctx.t.admin();
    expect((await admin.post('/api/drive/authorize')).data).toMatchObject({ mode: 'local', authorized: true });
    const synced = await admin.post<{ synced_at: string }>('/api/drive/site-info/sync');
    expect(synced.statusCode).toBe(200);
    expect(Date.parse(synced.data.synced_at)).toBeGreaterThanOrEqual(Date.parse(site.data.synced_at));
  });

  it('uploads a file to a folder and opens it; bad folder, type and missing file are 400s', async () => {
    const admin = await ctx.t.admin();
    const res = await postForm<{ id: string; path: string; size: number; content_type: string }>(
      admin,
      '/api/drive/upload',
      { folder: 'Shared/Bảng giá' },
      { file: { name: 'giá.csv', type: 'text/csv', data: 'item;price\nA;1.000\n' } },
    );
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      id: 'Shared/Bảng giá/giá.csv',
      path: 'Shared/Bảng giá/giá.csv',
      size: 19,
      content_type: 'text/csv',
    });
    const opened = await admin.get(`/api/drive/files/${encodeURIComponent(res.data.id)}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(opened.body).toBe('item;price\nA;1.000\n');

    const defaultFolder = await postForm<{ path: string }>(
      admin,
      '/api/drive/upload',
      {},
      { file: { name: 'note.txt', type: 'text/plain', data: 'x' } },
    );
    expect(defaultFolder.data.path).toBe('Items/note.txt');

    const doc = (await upload({ item_no: 'IT-3003' }, 'manual.pdf', pdf('manual'))).data;
    const clash = await postForm(
      admin,
      '/api/drive/upload',
      { folder: 'items/IT-3003' },
      { file: { name: 'Manual.pdf', type: 'application/pdf', data: pdf('other') } },
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.envelope.errors[0]).toMatchObject({
      field: 'file',
      msg: '"items/IT-3003/Manual.pdf" is the file of document "manual.pdf" of item IT-3003; upload it on the Documents screen',
    });
    expect((await admin.get(fileUrl(doc))).rawPayload.equals(pdf('manual'))).toBe(true);

    const up = await postForm(
      admin,
      '/api/drive/upload',
      { folder: '../etc' },
      { file: { name: 'a.txt', type: 'text/plain', data: 'x' } },
    );
    expect(up.statusCode).toBe(400);
    expect(up.envelope.errors[0]).toMatchObject({
      field: 'folder',
      msg: 'The folder path must not contain "." or "..".',
    });
    const type = await postForm(
      admin,
      '/api/drive/upload',
      {},
      { file: { name: 'run.sh', type: 'application/x-sh', data: 'x' } },
    );
    expect(type.envelope.errors[0].field).toBe('file');
    const none = await postForm(admin, '/api/drive/upload', { folder: 'Items' });
    expect(none.envelope.errors[0]).toMatchObject({ field: 'file', msg: 'This is required field!' });

    const storeEditor = await ctx.t.makeUser({ pages: [{ page_url: '/document', permission_type: 'view' }] });
    const refused = await postForm(
      storeEditor.client,
      '/api/drive/upload',
      {},
      { file: { name: 'sneaky.txt', type: 'text/plain', data: 'x' } },
    );
    expect(refused.statusCode).toBe(403);
    expect(existsSync(path.join(driveRoot(), 'Items', 'sneaky.txt'))).toBe(false);

    expect((await admin.get(`/api/drive/files/${encodeURIComponent('Items/missing.pdf')}`)).statusCode).toBe(404);
    const outside = await admin.get(`/api/drive/files/${encodeURIComponent('../../etc/passwd')}`);
    expect(outside.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the drive and item document operations, the multipart ones with their parts', async () => {
    const doc = (await ctx.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    for (const [path, method] of [
      ['/api/drive/authorize', 'post'],
      ['/api/drive/token-info', 'get'],
      ['/api/drive/item-config', 'get'],
      ['/api/drive/site-info', 'post'],
      ['/api/drive/site-info/sync', 'post'],
      ['/api/drive/upload', 'post'],
      ['/api/drive/files/{id}', 'get'],
      ['/api/item-documents/filter', 'post'],
      ['/api/item-documents/filter/export', 'post'],
      ['/api/item-documents', 'post'],
      ['/api/item-documents', 'put'],
      ['/api/item-documents/remove', 'post'],
    ])
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    expect(doc.paths['/api/item-documents'].post.summary).toContain(
      'multipart/form-data: part "file" and text parts item_no',
    );
  });
});

describe('demo documents', () => {
  it("writes spec and price sheets from the catalogue (the demo roles' grants are the demo matrix, seed/demo-access.ts)", async () => {
    const { seedDemoDocuments } = await import('./demo.js');
    const db = ctx.t.services.db;
    await db.delete((await import('./schema.js')).itemDocuments);

    await seedDemoDocuments(ctx.t.services);
    const admin = await ctx.t.admin();
    const list = await admin.post<List>('/api/item-documents/filter', {
      pagination: { page: 1, size: 50 },
      sort_order: { field: 'file_name', direction: 'asc' },
    });
    expect(list.data.total_count).toBe(10);
    const sheet = list.data.items.find((d) => d.file_name === 'bang-gia-IT-1001.csv');
    expect(sheet).toMatchObject({ document_type: 'price_sheet', item_no: 'IT-1001', uploaded_by: 'admin' });
    const opened = await admin.get(fileUrl(sheet as ItemDocument));
    expect(opened.body).toBe(
      'item_no;variant_code;description;unit_price\nIT-1001;;Sản phẩm IT-1001;100.000\nIT-1001;RED;Màu RED;100.000\n',
    );

    await seedDemoDocuments(ctx.t.services);
    expect((await admin.post<List>('/api/item-documents/filter', {})).data.total_count).toBe(10);
  });
});
