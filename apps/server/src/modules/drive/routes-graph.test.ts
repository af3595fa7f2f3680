import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveFile, DriveSiteInfo, DriveTokenInfo, ItemDocument } from '@fp/contract';
import { createTestApp, useTestApp } from '../../../test/helpers.js';
import { pdf, postForm } from '../item-documents/test-support/multipart.js';
import { makeItem } from '../items/test-support/builders.js';
import { GraphTestServer } from './test-support/graph-test-server.js';

// The app configured with DRIVE_MODE=graph against a Graph-shaped server on 127.0.0.1.
let graph: GraphTestServer;
const env: Record<string, string> = {};
beforeAll(async () => {
  graph = await GraphTestServer.start({ siteDisplayName: 'Franchise Portal' });
  Object.assign(env, {
    DRIVE_MODE: 'graph',
    GRAPH_TENANT_ID: graph.tenantId,
    GRAPH_CLIENT_ID: graph.clientId,
    GRAPH_CLIENT_SECRET: graph.clientSecret,
    GRAPH_SITE_HOSTNAME: graph.siteHostname,
    GRAPH_SITE_PATH: graph.sitePath,
    GRAPH_URL: graph.graphUrl,
    GRAPH_AUTH_URL: graph.authUrl,
  });
});
const ctx = useTestApp(env);
beforeAll(async () => {
  const admin = await ctx.t.admin();
  for (const no of ['IT-0001', 'IT-0002', 'IT-0003', 'IT-0004', 'IT-0005']) await makeItem(admin, { item_no: no });
});
afterAll(async () => {
  await graph?.close();
});

const openUrl = (id: string) => `/api/drive/files/${encodeURIComponent(id)}`;

describe('cloud drive routes on Microsoft Graph', () => {
  it('signs in, reports the token and reads the site and its drive', async () => {
    const admin = await ctx.t.admin();
    const token = await admin.get<DriveTokenInfo>('/api/drive/token-info');
    expect(token.statusCode).toBe(200);
    expect(token.data).toMatchObject({
      mode: 'graph',
      authorized: true,
      tenant_id: graph.tenantId,
      client_id: graph.clientId,
    });
    expect(Date.parse(token.data.expires_at ?? '')).toBeGreaterThan(Date.now());
    expect(JSON.stringify(token.data)).not.toContain(graph.clientSecret);

    const site = await admin.post<DriveSiteInfo>('/api/drive/site-info');
    expect(site.data).toMatchObject({
      mode: 'graph',
      site_id: graph.site.id,
      drive_id: graph.drive.id,
      name: 'Franchise Portal',
      web_url: graph.site.webUrl,
    });

    graph.site.displayName = 'Franchise Portal Việt Nam';
    expect((await admin.post<DriveSiteInfo>('/api/drive/site-info')).data.name).toBe('Franchise Portal');
    const synced = await admin.post<DriveSiteInfo>('/api/drive/site-info/sync');
    expect(synced.data.name).toBe('Franchise Portal Việt Nam');
    expect((await admin.post<DriveSiteInfo>('/api/drive/site-info')).data.name).toBe('Franchise Portal Việt Nam');

    const tokensBefore = graph.tokenRequests().length;
    const again = await admin.post<DriveTokenInfo>('/api/drive/authorize');
    expect(again.data.authorized).toBe(true);
    expect(graph.tokenRequests().length).toBe(tokensBefore + 1);
  });

  it('uploads an item document to site base, drive id, folder and file name, and opens it', async () => {
    const admin = await ctx.t.admin();
    const data = pdf('bảng giá');
    const res = await postForm<ItemDocument>(
      admin,
      '/api/item-documents',
      { item_no: 'IT-0001', document_type: 'price_sheet' },
      { file: { name: 'Bảng giá.pdf', type: 'application/pdf', data } },
    );
    expect(res.statusCode).toBe(201);
    const stored = graph.fileAt('Items/IT-0001/Bảng giá.pdf');
    expect(stored?.data.equals(data)).toBe(true);
    expect(res.data).toMatchObject({
      file_id: stored?.id,
      file_path: 'Items/IT-0001/Bảng giá.pdf',
      file_size: data.length,
      content_type: 'application/pdf',
    });
    expect(res.data.web_url).toMatch(/^https:\/\//);
    const put = graph.requests.find((r) => r.method === 'PUT' && r.path.endsWith('/content'));
    expect(put?.path).toBe(
      `/v1.0/sites/${graph.site.id}/drives/${graph.drive.id}/root:/Items/IT-0001/Bảng giá.pdf:/content`,
    );

    const opened = await admin.get(openUrl(res.data.file_id));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toMatch(/^inline;/);
    expect(opened.rawPayload.equals(data)).toBe(true);
  });

  it('sends a large file through an upload session in chunks', async () => {
    const admin = await ctx.t.admin();
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5 * 1024 * 1024)]);
    const before = graph.requests.length;
    const res = await postForm<ItemDocument>(
      admin,
      '/api/item-documents',
      { item_no: 'IT-0002', title: 'Catalogue' },
      { file: { name: 'catalogue.pdf', type: 'application/pdf', data } },
    );
    expect(res.statusCode).toBe(201);
    expect(res.data.file_size).toBe(data.length);
    const calls = graph.requests.slice(before);
    expect(calls.some((r) => r.path.endsWith('/root:/Items/IT-0002/catalogue.pdf:/createUploadSession'))).toBe(true);
    const chunks = calls.filter((r) => r.contentRange);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0].contentRange).toMatch(/^bytes 0-\d+\/5242889$/);
    expect(graph.fileAt('Items/IT-0002/catalogue.pdf')?.data.equals(data)).toBe(true);
    expect(graph.openUploadSessions()).toBe(0);
    expect((await admin.get(openUrl(res.data.file_id))).rawPayload.equals(data)).toBe(true);
  });

  it('waits out a throttled call, and reports a drive that stays busy without recording anything', async () => {
    const admin = await ctx.t.admin();
    graph.throttleNext(1, { retryAfterSeconds: 0, pathIncludes: '/root:/Items/IT-0003' });
    const ok = await postForm<ItemDocument>(
      admin,
      '/api/item-documents',
      { item_no: 'IT-0003' },
      { file: { name: 'ok.pdf', type: 'application/pdf', data: pdf() } },
    );
    expect(ok.statusCode).toBe(201);
    expect(graph.requests.some((r) => r.status === 429 && r.path.includes('/Items/IT-0003/ok.pdf'))).toBe(true);
    expect(graph.fileAt('Items/IT-0003/ok.pdf')).toBeDefined();

    graph.throttleNext(10, { retryAfterSeconds: 0, pathIncludes: '/root:/Items/IT-0003' });
    const busy = await postForm(
      admin,
      '/api/item-documents',
      { item_no: 'IT-0003' },
      { file: { name: 'busy.pdf', type: 'application/pdf', data: pdf() } },
    );
    expect(busy.statusCode).toBe(503);
    expect(busy.envelope.errors[0].code).toBe('drive_throttled');
    expect(busy.envelope.errors[0].msg).toBe(
      'The cloud drive is busy and could not upload "Items/IT-0003/busy.pdf"; please try again in 1 second.',
    );
    const list = await admin.post<{ total_count: number }>('/api/item-documents/filter', {
      filters: [{ field: 'item_no', value: 'IT-0003' }],
    });
    expect(list.data.total_count).toBe(1);
    graph.throttleNext(0);
  });

  it('keeps a document whose file the drive refuses to delete, and says why', async () => {
    const admin = await ctx.t.admin();
    const doc = (
      await postForm<ItemDocument>(
        admin,
        '/api/item-documents',
        { item_no: 'IT-0004' },
        { file: { name: 'keep.pdf', type: 'application/pdf', data: pdf() } },
      )
    ).data;
    graph.failNext(1, {
      status: 500,
      message: 'The SharePoint list is locked.',
      pathIncludes: `/items/${doc.file_id}`,
    });
    const refused = await admin.post('/api/item-documents/remove', { ids: [doc.id] });
    expect(refused.statusCode).toBe(502);
    expect(refused.envelope.errors[0]).toMatchObject({
      code: 'drive_provider_error',
      field: 'ids',
      msg: '"keep.pdf" was kept: The cloud drive could not delete the file: The SharePoint list is locked.',
    });
    expect(
      (
        await admin.post<{ total_count: number }>('/api/item-documents/filter', {
          filters: [{ field: 'id', value: doc.id }],
        })
      ).data.total_count,
    ).toBe(1);
    expect(graph.fileAt('Items/IT-0004/keep.pdf')).toBeDefined();

    const removed = await admin.post<{ removed: number[] }>('/api/item-documents/remove', { ids: [doc.id] });
    expect(removed.statusCode).toBe(200);
    expect(removed.data.removed).toEqual([doc.id]);
    expect(graph.fileAt('Items/IT-0004/keep.pdf')).toBeUndefined();
  });

  it('removes a document whose file is already gone from the drive', async () => {
    const admin = await ctx.t.admin();
    const doc = (
      await postForm<ItemDocument>(
        admin,
        '/api/item-documents',
        { item_no: 'IT-0005' },
        { file: { name: 'gone.pdf', type: 'application/pdf', data: pdf() } },
      )
    ).data;
    expect((await admin.post('/api/item-documents/remove', { ids: [doc.id] })).statusCode).toBe(200);
    const missing = await admin.get(openUrl(doc.file_id));
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.errors[0].code).toBe('drive_not_found');
  });

  it('uploads a plain file with /api/drive/upload', async () => {
    const admin = await ctx.t.admin();
    const res = await postForm<DriveFile>(
      admin,
      '/api/drive/upload',
      { folder: 'Shared' },
      { file: { name: 'note.txt', type: 'text/plain', data: 'xin chào' } },
    );
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      path: 'Shared/note.txt',
      name: 'note.txt',
      size: Buffer.byteLength('xin chào'),
      content_type: 'text/plain',
    });
    expect(graph.fileAt('Shared/note.txt')?.data.toString()).toBe('xin chào');
    const opened = await admin.get(openUrl(res.data.id));
    expect(opened.body).toBe('xin chào');
  });

  it('never overwrites a file of the same name unless asked: 409 naming file, keep both, or replace', async () => {
    const admin = await ctx.t.admin();
    // A small file goes in one PUT, a large one through an upload session: both honour the choice.
    for (const [name, size] of [
      ['plan.pdf', 100],
      ['big plan.pdf', 5 * 1024 * 1024],
    ] as const) {
      const bytes = (fill: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, fill)]);
      const send = (fill: number, conflict?: string) =>
        postForm<DriveFile>(
          admin,
          '/api/drive/upload',
          { folder: 'Plans', ...(conflict ? { conflict } : {}) },
          { file: { name, type: 'application/pdf', data: bytes(fill) } },
        );
      expect((await send(1)).statusCode).toBe(201);
      for (const conflict of [undefined, 'fail']) {
        const refused = await send(2, conflict);
        expect(refused.statusCode, `${name} ${conflict}`).toBe(409);
        expect(refused.envelope.errors[0]).toEqual({
          code: 'drive_exists',
          field: 'file',
          msg: `A file named "Plans/${name}" already exists. Upload it again choosing to keep both files or to replace it.`,
        });
      }
      expect(graph.fileAt(`Plans/${name}`)?.data.equals(bytes(1))).toBe(true);
      const kept = await send(3, 'rename');
      expect(kept.statusCode).toBe(201);
      const numbered = name.replace('.pdf', ' 1.pdf');
      expect(kept.data).toMatchObject({ name: numbered, path: `Plans/${numbered}` });
      expect(graph.fileAt(`Plans/${numbered}`)?.data.equals(bytes(3))).toBe(true);
      const replaced = await send(4, 'replace');
      expect(replaced.statusCode).toBe(201);
      expect(graph.fileAt(`Plans/${name}`)?.data.equals(bytes(4))).toBe(true);
      expect((await admin.get(openUrl(kept.data.id))).rawPayload.equals(bytes(3))).toBe(true);
    }
    const wrong = await postForm(
      admin,
      '/api/drive/upload',
      { folder: 'Plans', conflict: 'overwrite' },
      { file: { name: 'other.pdf', type: 'application/pdf', data: pdf() } },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errors[0]).toMatchObject({
      field: 'conflict',
      msg: 'conflict must be fail, rename or replace',
    });
  });

  it('reports a refused sign-in: token info says why, authorize and uploads answer 502 and record nothing', async () => {
    const refused = await createTestApp({ ...env, GRAPH_CLIENT_SECRET: 'wrong-secret' });
    try {
      const admin = await refused.admin();
      await makeItem(admin, { item_no: 'IT-0009' });
      const token = await admin.get<DriveTokenInfo>('/api/drive/token-info');
      expect(token.statusCode).toBe(200);
      expect(token.data).toMatchObject({ mode: 'graph', authorized: false, expires_at: null });
      expect(token.data.message).toMatch(/^The cloud drive could not sign in the portal: /);

      const authorize = await admin.post('/api/drive/authorize');
      expect(authorize.statusCode).toBe(502);
      expect(authorize.envelope.errors[0].code).toBe('drive_not_authorized');

      const upload = await postForm(
        admin,
        '/api/item-documents',
        { item_no: 'IT-0009' },
        { file: { name: 'x.pdf', type: 'application/pdf', data: pdf() } },
      );
      expect(upload.statusCode).toBe(502);
      expect(upload.envelope.errors[0].code).toBe('drive_not_authorized');
      expect((await admin.post<{ total_count: number }>('/api/item-documents/filter', {})).data.total_count).toBe(0);
      expect(graph.fileAt('Items/IT-0009/x.pdf')).toBeUndefined();
    } finally {
      await refused.close();
    }
  });
});
