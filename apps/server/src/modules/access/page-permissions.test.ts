import { describe, expect, it } from 'vitest';
import type { PagePermission, PagePermissionListItem, PermissionUser } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';

const ctx = useTestApp();

type List<T> = { items: T[]; total_count: number };
let seq = 0;
const uniqueName = (base: string) => `${base} ${++seq}`;

async function permissionNamed(client: Client, name: string) {
  const res = await client.post<List<PagePermissionListItem>>('/api/page-permissions/filter', {
    filters: [{ field: 'name', value: name }],
  });
  return res.data.items[0];
}

describe('page permissions', () => {
  it('creates, reads, filters, updates and deletes a permission with its users', async () => {
    const admin = await ctx.t.admin();
    const clerk = await ctx.t.makeUser({ username: 'perm.clerk' });
    const created = await admin.post<PagePermission>('/api/page-permissions', {
      name: 'Cancel reason keepers',
      permission_type: 'view',
      pages: [{ page_url: '/cancelReasons', permission_type: 'edit' }, { page_url: '/users' }],
      permissions: ['/cancelReasons#Add New', '/cancelReasons#Edit'],
      users: [clerk.id],
    });
    expect(created.statusCode).toBe(201);
    expect(created.data).toMatchObject({
      name: 'Cancel reason keepers',
      permission_type: 'view',
      pages: [
        { page_url: '/cancelReasons', permission_type: 'edit' },
        { page_url: '/users', permission_type: 'view' },
      ],
      permissions: ['/cancelReasons#Add New', '/cancelReasons#Edit'],
      users: [clerk.id],
      version: 1,
    });

    const got = await admin.get<PagePermission>(`/api/page-permissions/${created.data.id}`);
    expect(got.data.users).toEqual([clerk.id]);

    const row = await permissionNamed(admin, 'Cancel reason keepers');
    expect(row).toMatchObject({ id: created.data.id, pages_count: 2, users_count: 1, users: [clerk.id] });
    const byType = await admin.post<List<PagePermissionListItem>>('/api/page-permissions/filter', {
      filters: [
        { field: 'name', value: 'keepers', condition_type: 'like' },
        { field: 'permission_type', value: 'view' },
      ],
    });
    expect(byType.data.items.map((i) => i.name)).toEqual(['Cancel reason keepers']);

    const updated = await admin.put<PagePermission>(`/api/page-permissions/${created.data.id}`, {
      name: 'Cancel reason editors',
      pages: [{ page_url: '/cancelReasons', permission_type: 'edit' }],
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data).toMatchObject({
      name: 'Cancel reason editors',
      pages: [{ page_url: '/cancelReasons', permission_type: 'edit' }],
      users: [clerk.id],
      version: 2,
    });
    expect(updated.data.permissions).toEqual(['/cancelReasons#Add New', '/cancelReasons#Edit']);

    const dropped = await admin.put<PagePermission>(`/api/page-permissions/${created.data.id}`, {
      pages: [{ page_url: '/users' }],
      users: [],
      version: 2,
    });
    expect(dropped.data).toMatchObject({
      pages: [{ page_url: '/users', permission_type: 'view' }],
      permissions: [],
      users: [],
      version: 3,
    });

    const stale = await admin.put(`/api/page-permissions/${created.data.id}`, { name: 'Lost write', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    expect((await admin.get<PagePermission>(`/api/page-permissions/${created.data.id}`)).data.name).toBe(
      'Cancel reason editors',
    );

    expect((await admin.del(`/api/page-permissions/${created.data.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/page-permissions/${created.data.id}`)).statusCode).toBe(404);
  });

  it('names the field of bad input and writes nothing', async () => {
    const admin = await ctx.t.admin();
    const empty = await admin.post('/api/page-permissions', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.envelope.errors[0]).toMatchObject({ field: 'name', msg: 'This is required field!' });

    const shape = await admin.post('/api/page-permissions', {
      name: 'Bad shape',
      permission_type: 'admin',
      pages: [{ page_url: '/users', permission_type: 'all' }, { page_url: '' }],
      permissions: ['Add New'],
      users: ['x'],
    });
    expect(shape.statusCode).toBe(400);
    const byField = Object.fromEntries(shape.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField.permission_type).toBe('permission_type must be edit or view');
    expect(byField['pages.0.permission_type']).toBe('permission_type must be edit or view');
    expect(byField['pages.1.page_url']).toBe('This is required field!');
    expect(byField['permissions.0']).toBe('Each permission is written <page_url>#<button>');
    expect(byField['users.0']).toBe('user ids must be numbers');

    const unknownPage = await admin.post('/api/page-permissions', {
      name: 'Unknown page',
      pages: [{ page_url: '/users' }, { page_url: '/nowhere' }],
    });
    expect(unknownPage.statusCode).toBe(400);
    expect(unknownPage.envelope.errors[0]).toMatchObject({
      field: 'pages.1.page_url',
      msg: 'Page structure /nowhere not found',
    });

    const twice = await admin.post('/api/page-permissions', {
      name: 'Twice',
      pages: [{ page_url: '/users' }, { page_url: '/users', permission_type: 'edit' }],
    });
    expect(twice.envelope.errors[0]).toMatchObject({ field: 'pages.1', msg: '/users is listed twice' });

    const badButton = await admin.post('/api/page-permissions', {
      name: 'Bad button',
      pages: [{ page_url: '/users' }],
      permissions: ['/users#Edit', '/users#Fly'],
    });
    expect(badButton.statusCode).toBe(400);
    expect(badButton.envelope.errors[0]).toMatchObject({
      field: 'permissions.1',
      msg: 'Fly is not a button of /users',
    });
    const otherPage = await admin.post('/api/page-permissions', {
      name: 'Other page',
      pages: [{ page_url: '/users' }],
      permissions: ['/cancelReasons#Edit'],
    });
    expect(otherPage.envelope.errors[0]).toMatchObject({
      field: 'permissions.0',
      msg: "/cancelReasons is not one of this permission's pages",
    });

    const noUser = await admin.post('/api/page-permissions', { name: 'No user', users: [999999] });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.envelope.errors[0]).toMatchObject({ field: 'users.0', msg: 'User 999999 not found' });

    for (const name of ['Bad shape', 'Unknown page', 'Twice', 'Bad button', 'Other page', 'No user']) {
      expect(await permissionNamed(admin, name)).toBeUndefined();
    }

    const noVersion = await admin.put('/api/page-permissions/1', { name: 'x' });
    expect(noVersion.envelope.errors[0]).toMatchObject({ field: 'version', msg: 'version is required' });
    expect((await admin.get('/api/page-permissions/abc')).statusCode).toBe(400);
  });

  it('refuses a second permission of the same name with 409 on name', async () => {
    const admin = await ctx.t.admin();
    const a = await admin.post<PagePermission>('/api/page-permissions', { name: 'Auditors' });
    expect(a.statusCode).toBe(201);
    const again = await admin.post('/api/page-permissions', { name: 'auditors' });
    expect(again.statusCode).toBe(409);
    expect(again.envelope.errors[0]).toMatchObject({ field: 'name', msg: 'Page permission auditors already exists' });
    const b = await admin.post<PagePermission>('/api/page-permissions', { name: 'Buyers' });
    const rename = await admin.put(`/api/page-permissions/${b.data.id}`, { name: 'Auditors', version: b.data.version });
    expect(rename.statusCode).toBe(409);
    expect(rename.envelope.errors[0].field).toBe('name');
    expect((await admin.get<PagePermission>(`/api/page-permissions/${b.data.id}`)).data.name).toBe('Buyers');
  });

  it('answers 404 for a permission or user that does not exist', async () => {
    const admin = await ctx.t.admin();
    const someone = await ctx.t.makeUser({});
    const perm = await admin.post<PagePermission>('/api/page-permissions', { name: uniqueName('Lonely') });
    expect((await admin.get('/api/page-permissions/999999')).statusCode).toBe(404);
    const put = await admin.put('/api/page-permissions/999999', { name: 'x', version: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.envelope.errors[0].msg).toBe('Page permission not found');
    expect((await admin.del('/api/page-permissions/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/page-permissions/999999/users')).statusCode).toBe(404);
    expect(
      (await admin.post('/api/page-permissions/user', { admin_user_id: someone.id, page_permission_id: 999999 }))
        .statusCode,
    ).toBe(404);
    const noUser = await admin.post('/api/page-permissions/user', {
      admin_user_id: 999999,
      page_permission_id: perm.data.id,
    });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.envelope.errors[0]).toMatchObject({ field: 'admin_user_id', msg: 'User not found' });
    expect(
      (
        await admin.post('/api/page-permissions/users/bulk', {
          page_permission_id: 999999,
          admin_user_ids: [someone.id],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('assigns one user, in bulk (replace or add), and lists the users of a permission', async () => {
    const admin = await ctx.t.admin();
    const a = await ctx.t.makeUser({ username: 'anh.nguyen' });
    const b = await ctx.t.makeUser({ username: 'binh.tran', role: 'Store Manager' });
    const c = await ctx.t.makeUser({ username: 'chi.le' });
    const perm = await admin.post<PagePermission>('/api/page-permissions', {
      name: uniqueName('Counter'),
      pages: [{ page_url: '/cancelReasons' }],
    });

    const one = await admin.post<PagePermission>('/api/page-permissions/user', {
      admin_user_id: a.id,
      page_permission_id: perm.data.id,
    });
    expect(one.statusCode).toBe(200);
    expect(one.data.users).toEqual([a.id]);
    expect(one.data.version).toBe(perm.data.version + 1);
    const repeat = await admin.post<PagePermission>('/api/page-permissions/user', {
      admin_user_id: a.id,
      page_permission_id: perm.data.id,
    });
    expect(repeat.data).toMatchObject({ users: [a.id], version: one.data.version });

    const added = await admin.post<PagePermission>('/api/page-permissions/users/bulk', {
      page_permission_id: perm.data.id,
      admin_user_ids: [b.id, c.id],
      mode: 'add',
    });
    expect(added.statusCode).toBe(200);
    expect(added.data.users).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));

    const listed = await admin.get<PermissionUser[]>(`/api/page-permissions/${perm.data.id}/users`);
    expect(listed.statusCode).toBe(200);
    expect(listed.data.map((u) => u.username)).toEqual(['anh.nguyen', 'binh.tran', 'chi.le']);
    expect(listed.data[1]).toMatchObject({
      id: b.id,
      username: 'binh.tran',
      name: 'Test binh.tran',
      role: 'Store Manager',
    });

    const replaced = await admin.post<PagePermission>('/api/page-permissions/users/bulk', {
      page_permission_id: perm.data.id,
      admin_user_ids: [c.id],
    });
    expect(replaced.data.users).toEqual([c.id]);
    const cleared = await admin.post<PagePermission>('/api/page-permissions/users/bulk', {
      page_permission_id: perm.data.id,
      admin_user_ids: [],
      mode: 'replace',
    });
    expect(cleared.data.users).toEqual([]);

    const bad = await admin.post('/api/page-permissions/users/bulk', {
      page_permission_id: perm.data.id,
      admin_user_ids: [a.id, 999999],
      mode: 'merge',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'mode', msg: 'mode must be replace or add' });
    const missing = await admin.post('/api/page-permissions/users/bulk', {
      page_permission_id: perm.data.id,
      admin_user_ids: [a.id, 999999],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.errors[0]).toMatchObject({ field: 'admin_user_ids.1', msg: 'User 999999 not found' });
    const single = await admin.post('/api/page-permissions/user', {});
    expect(single.statusCode).toBe(400);
    expect(single.envelope.errors.map((e) => e.field).sort()).toEqual(['admin_user_id', 'page_permission_id']);
    expect((await admin.get<PagePermission>(`/api/page-permissions/${perm.data.id}`)).data.users).toEqual([]);

    const pick = await admin.post<List<PermissionUser>>('/api/page-permissions/assignable-users/filter', {
      filters: [{ field: 'search', value: 'binh', condition_type: 'like' }],
    });
    expect(pick.data.items).toEqual([
      expect.objectContaining({ id: b.id, username: 'binh.tran', role: 'Store Manager' }),
    ]);
  });

  it('gives a user access to a page right after assignment (view reads, not edits) and takes it away when unassigned', async () => {
    const admin = await ctx.t.admin();
    const user = await ctx.t.makeUser({});
    const reasonBody = { reason_code: 'E2E', description: 'Thử quyền', page: '/salesOrders' };
    expect((await user.client.post('/api/cancel-reasons/filter', {})).statusCode).toBe(403);

    const viewPerm = await admin.post<PagePermission>('/api/page-permissions', {
      name: uniqueName('Reason readers'),
      pages: [{ page_url: '/cancelReasons', permission_type: 'view' }],
    });
    expect(
      (await admin.post('/api/page-permissions/user', { admin_user_id: user.id, page_permission_id: viewPerm.data.id }))
        .statusCode,
    ).toBe(200);
    expect((await user.client.post('/api/cancel-reasons/filter', {})).statusCode).toBe(200);
    expect((await user.client.post('/api/cancel-reasons', reasonBody)).statusCode).toBe(403);
    const me = await user.client.post<{ permissions: { page_url: string; permission_type: string }[] }>('/api/auth/me');
    expect(me.data.permissions).toEqual([{ page_url: '/cancelReasons', permission_type: 'view' }]);

    const editPerm = await admin.post<PagePermission>('/api/page-permissions', {
      name: uniqueName('Reason editors'),
      permission_type: 'edit',
      pages: [{ page_url: '/cancelReasons' }],
      users: [user.id],
    });
    expect(editPerm.statusCode).toBe(201);
    const made = await user.client.post('/api/cancel-reasons', reasonBody);
    expect(made.statusCode).toBe(201);

    await admin.put(`/api/page-permissions/${editPerm.data.id}`, { users: [], version: editPerm.data.version });
    expect((await user.client.post('/api/cancel-reasons', { ...reasonBody, reason_code: 'E2E2' })).statusCode).toBe(
      403,
    );
    expect((await user.client.post('/api/cancel-reasons/filter', {})).statusCode).toBe(200);

    await admin.post('/api/page-permissions/users/bulk', { page_permission_id: viewPerm.data.id, admin_user_ids: [] });
    expect((await user.client.post('/api/cancel-reasons/filter', {})).statusCode).toBe(403);
  });

  it('lets a viewer read but not change, and refuses anonymous callers', async () => {
    const admin = await ctx.t.admin();
    const target = await ctx.t.makeUser({});
    const perm = await admin.post<PagePermission>('/api/page-permissions', {
      name: uniqueName('Watched'),
      pages: [{ page_url: '/users' }],
    });
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/pagePermission', permission_type: 'view' }] });
    const none = await ctx.t.makeUser({});
    const id = perm.data.id;

    expect((await viewer.client.post('/api/page-permissions/filter', {})).statusCode).toBe(200);
    expect((await viewer.client.get(`/api/page-permissions/${id}`)).statusCode).toBe(200);
    expect((await viewer.client.get(`/api/page-permissions/${id}/users`)).statusCode).toBe(200);
    const writes = [
      await viewer.client.post('/api/page-permissions', { name: 'Viewer made' }),
      await viewer.client.put(`/api/page-permissions/${id}`, { name: 'Changed', version: perm.data.version }),
      await viewer.client.del(`/api/page-permissions/${id}`),
      await viewer.client.post('/api/page-permissions/user', { admin_user_id: target.id, page_permission_id: id }),
      await viewer.client.post('/api/page-permissions/users/bulk', {
        page_permission_id: id,
        admin_user_ids: [target.id],
      }),
    ];
    expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(writes[0].envelope.errors[0].msg).toBe(
      'You need edit permission on /pagePermission or /pagePermission/detail/{slug}',
    );
    expect(await permissionNamed(admin, 'Viewer made')).toBeUndefined();
    expect((await admin.get<PagePermission>(`/api/page-permissions/${id}`)).data).toMatchObject({
      name: perm.data.name,
      users: [],
      version: perm.data.version,
    });

    expect((await none.client.post('/api/page-permissions/filter', {})).statusCode).toBe(403);
    expect((await none.client.get(`/api/page-permissions/${id}/users`)).statusCode).toBe(403);

    const anon = ctx.t.anon;
    const anonCalls = [
      await anon.post('/api/page-permissions/filter', {}),
      await anon.get(`/api/page-permissions/${id}`),
      await anon.post('/api/page-permissions', { name: 'Anon' }),
      await anon.put(`/api/page-permissions/${id}`, { name: 'Anon', version: 1 }),
      await anon.del(`/api/page-permissions/${id}`),
      await anon.post('/api/page-permissions/user', { admin_user_id: target.id, page_permission_id: id }),
      await anon.post('/api/page-permissions/users/bulk', { page_permission_id: id, admin_user_ids: [target.id] }),
      await anon.get(`/api/page-permissions/${id}/users`),
    ];
    expect(anonCalls.map((c) => c.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('exports the filtered permissions as xlsx', async () => {
    const admin = await ctx.t.admin();
    const u = await ctx.t.makeUser({});
    await admin.post('/api/page-permissions', {
      name: 'Export me',
      pages: [{ page_url: '/users' }, { page_url: '/cancelReasons' }],
      users: [u.id],
    });
    const res = await admin.post('/api/page-permissions/filter/export', {
      filters: [{ field: 'name', value: 'Export me' }],
    });
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect([1, 2, 3, 4].map((i) => ws.getRow(1).getCell(i).value)).toEqual([
      'Name',
      'Permission Type',
      'Pages',
      'Users',
    ]);
    expect([1, 2, 3, 4].map((i) => ws.getRow(2).getCell(i).value)).toEqual(['Export me', 'view', 2, 1]);
    expect(ws.rowCount).toBe(2);
  });

  it('keeps a store user to the users of their own franchise', async () => {
    const admin = await ctx.t.admin();
    const manager = await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'HN001',
      pages: [
        { page_url: '/pagePermission', permission_type: 'edit' },
        { page_url: '/cancelReasons', permission_type: 'edit' },
      ],
    });
    const ownClerk = await ctx.t.makeUser({ username: 'hn.clerk', customer_no: 'HN001' });
    const otherClerk = await ctx.t.makeUser({ username: 'hcm.clerk', customer_no: 'HCM001' });
    const perm = await admin.post<PagePermission>('/api/page-permissions', {
      name: uniqueName('Store counter'),
      pages: [{ page_url: '/cancelReasons' }],
      users: [otherClerk.id],
    });
    const m = manager.client;

    const pick = await m.post<List<PermissionUser>>('/api/page-permissions/assignable-users/filter', {
      filters: [{ field: 'search', value: 'clerk', condition_type: 'like' }],
    });
    expect(pick.data.items.map((u) => u.username)).toEqual(['hn.clerk']);

    const foreign = await m.post('/api/page-permissions/user', {
      admin_user_id: otherClerk.id,
      page_permission_id: perm.data.id,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignBulk = await m.post('/api/page-permissions/users/bulk', {
      page_permission_id: perm.data.id,
      admin_user_ids: [ownClerk.id, otherClerk.id],
    });
    expect(foreignBulk.statusCode).toBe(404);
    expect(foreignBulk.envelope.errors[0].field).toBe('admin_user_ids.1');

    // Replacing the users a store manager sees leaves the other franchise's users in place.
    const replaced = await m.post<PagePermission>('/api/page-permissions/users/bulk', {
      page_permission_id: perm.data.id,
      admin_user_ids: [ownClerk.id],
    });
    expect(replaced.statusCode).toBe(200);
    // The store manager is shown only their own franchise's users (the other franchise's ids are not theirs to see).
    expect(replaced.data.users).toEqual([ownClerk.id]);
    expect((await m.get<PagePermission>(`/api/page-permissions/${perm.data.id}`)).data.users).toEqual([ownClerk.id]);
    expect((await admin.get<PagePermission>(`/api/page-permissions/${perm.data.id}`)).data.users).toEqual(
      [ownClerk.id, otherClerk.id].sort((a, b) => a - b),
    );
    const seen = await m.get<PermissionUser[]>(`/api/page-permissions/${perm.data.id}/users`);
    expect(seen.data.map((u) => u.username)).toEqual(['hn.clerk']);
    const cleared = await m.put<PagePermission>(`/api/page-permissions/${perm.data.id}`, {
      users: [],
      version: replaced.data.version,
    });
    expect(cleared.data.users).toEqual([]);
    expect((await admin.get<PagePermission>(`/api/page-permissions/${perm.data.id}`)).data.users).toEqual([
      otherClerk.id,
    ]);
    // What the permission grants is shared with the other franchise's user: only head office may change it or delete it.
    const regrant = await m.put(`/api/page-permissions/${perm.data.id}`, {
      pages: [{ page_url: '/cancelReasons', permission_type: 'edit' }],
      version: cleared.data.version,
    });
    expect(regrant.statusCode).toBe(403);
    expect((await m.del(`/api/page-permissions/${perm.data.id}`)).statusCode).toBe(403);
    expect((await admin.get<PagePermission>(`/api/page-permissions/${perm.data.id}`)).data.version).toBe(
      cleared.data.version,
    );
  });
});

describe('who may hand out access', () => {
  it('lets a delegate grant only pages they hold, never edit on the permission screens, and never to Administrators', async () => {
    const admin = await ctx.t.admin();
    const delegate = await ctx.t.makeUser({
      pages: [
        { page_url: '/pagePermission', permission_type: 'edit' },
        { page_url: '/cancelReasons', permission_type: 'edit' },
        { page_url: '/users', permission_type: 'view' },
      ],
    });
    const clerk = await ctx.t.makeUser({});
    const boss = await ctx.t.makeUser({ role: 'Administrators' });
    const d = delegate.client;

    const ok = await d.post<PagePermission>('/api/page-permissions', {
      name: 'Delegated',
      pages: [
        { page_url: '/cancelReasons', permission_type: 'edit' },
        { page_url: '/users', permission_type: 'view' },
        { page_url: '/pagePermission', permission_type: 'view' },
      ],
      users: [clerk.id],
    });
    expect(ok.statusCode).toBe(201);

    const tooHigh = await d.post('/api/page-permissions', {
      name: 'Too high',
      pages: [{ page_url: '/cancelReasons' }, { page_url: '/users', permission_type: 'edit' }],
    });
    expect(tooHigh.statusCode).toBe(403);
    expect(tooHigh.envelope.errors[0]).toMatchObject({
      field: 'pages.1.page_url',
      msg: 'You may only grant pages you hold yourself: you do not have edit on /users',
    });
    const notHeld = await d.post('/api/page-permissions', {
      name: 'Not held',
      pages: [{ page_url: '/pageStructure', permission_type: 'view' }],
    });
    expect(notHeld.statusCode).toBe(403);
    const screens = await d.post('/api/page-permissions', {
      name: 'Screens',
      pages: [{ page_url: '/pagePermission', permission_type: 'edit' }],
    });
    expect(screens.statusCode).toBe(403);
    expect(screens.envelope.errors[0].msg).toBe('Only Administrators may grant edit on /pagePermission');
    const toAdmin = await d.post('/api/page-permissions', {
      name: 'To admin',
      pages: [{ page_url: '/cancelReasons' }],
      users: [boss.id],
    });
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.envelope.errors[0]).toMatchObject({
      field: 'users.0',
      msg: 'Only Administrators may assign page permissions to users of the Administrators role',
    });
    for (const name of ['Too high', 'Not held', 'Screens', 'To admin'])
      expect(await permissionNamed(admin, name)).toBeUndefined();

    const raise = await d.put(`/api/page-permissions/${ok.data.id}`, {
      pages: [{ page_url: '/users', permission_type: 'edit' }],
      version: ok.data.version,
    });
    expect(raise.statusCode).toBe(403);
    const single = await d.post('/api/page-permissions/user', {
      admin_user_id: boss.id,
      page_permission_id: ok.data.id,
    });
    expect(single.statusCode).toBe(403);
    expect(single.envelope.errors[0].field).toBe('admin_user_id');
    const bulk = await d.post('/api/page-permissions/users/bulk', {
      page_permission_id: ok.data.id,
      admin_user_ids: [clerk.id, boss.id],
    });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.envelope.errors[0].field).toBe('admin_user_ids.1');
    expect((await admin.get<PagePermission>(`/api/page-permissions/${ok.data.id}`)).data).toMatchObject({
      users: [clerk.id],
      version: ok.data.version,
    });

    // An Administrator's permission beyond the delegate's own pages is out of the delegate's reach.
    const strong = await admin.post<PagePermission>('/api/page-permissions', {
      name: 'User admins',
      pages: [{ page_url: '/users', permission_type: 'edit' }],
    });
    const selfAssign = await d.post('/api/page-permissions/user', {
      admin_user_id: delegate.id,
      page_permission_id: strong.data.id,
    });
    expect(selfAssign.statusCode).toBe(403);
    expect(selfAssign.envelope.errors[0].msg).toBe(
      'This permission grants edit on /users, which you do not hold; only an Administrator may change or assign it',
    );
    expect(
      (await d.put(`/api/page-permissions/${strong.data.id}`, { name: 'Renamed', version: strong.data.version }))
        .statusCode,
    ).toBe(403);
    expect((await d.del(`/api/page-permissions/${strong.data.id}`)).statusCode).toBe(403);
    expect((await admin.get<PagePermission>(`/api/page-permissions/${strong.data.id}`)).data).toMatchObject({
      name: 'User admins',
      users: [],
      version: strong.data.version,
    });

    // Administrators may do all of it.
    const adminGrant = await admin.post<PagePermission>('/api/page-permissions', {
      name: 'Permission admins',
      pages: [{ page_url: '/pagePermission', permission_type: 'edit' }],
      users: [boss.id],
    });
    expect(adminGrant.statusCode).toBe(201);

    // Within their own pages the delegate manages freely.
    const within = await d.put<PagePermission>(`/api/page-permissions/${ok.data.id}`, {
      name: 'Delegated counter',
      version: ok.data.version,
    });
    expect(within.statusCode).toBe(200);
    expect((await d.del(`/api/page-permissions/${ok.data.id}`)).statusCode).toBe(200);
  });
});
