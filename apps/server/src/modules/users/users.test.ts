import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User, UserInfo } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { roles, users } from '../auth/schema.js';
import { franchises } from '../franchises/schema.js';
import { devices } from '../devices/schema.js';

const ctx = useTestApp();
const PASSWORD_MSG = 'Minimum 8 characters and include at least one alphabetic and at least one numeric character!';
type List = { items: User[]; total_count: number };

let admin: Client;
let roleId: Record<string, number>;
let printerId: number;

beforeAll(async () => {
  admin = await ctx.t.admin();
  const rows = await ctx.t.services.db.select().from(roles);
  roleId = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  await ctx.t.services.db.insert(franchises).values([
    { customer_no: 'HN001', name: 'Hà Nội 1' },
    { customer_no: 'HCM001', name: 'Sài Gòn 1' },
  ]);
  const [printer] = await ctx.t.services.db
    .insert(devices)
    .values({
      location_code: 'HN001',
      device_type: 'PRINTER',
      device_name: 'Quầy 1',
      device_code: 'HN001-P1',
      device_data: { ip: '10.0.0.5', port: 9100 },
    })
    .returning();
  printerId = printer.id;
});

const newUser = (o: Record<string, unknown> = {}) => ({
  username: `u${Math.random().toString(36).slice(2, 8)}`,
  firstname: 'Lan',
  lastname: 'Nguyễn',
  email: 'lan@example.vn',
  password: 'Secret123',
  role_id: roleId['Store Staff'],
  customer_no: 'HN001',
  ...o,
});
const userCount = async () => (await ctx.t.services.db.select().from(users)).length;

describe('admin users', () => {
  it('creates, reads, lists, updates and deletes a user, never showing the password hash', async () => {
    const created = await admin.post<User>('/api/admin/users', newUser({ username: 'Minh.Tran' }));
    expect(created.statusCode).toBe(201);
    expect(created.data).toMatchObject({
      username: 'Minh.Tran',
      customer_no: 'HN001',
      role_name: 'Store Staff',
      is_active: true,
      version: 1,
    });
    expect(created.body).not.toContain('password');

    const info = await admin.get<UserInfo>(`/api/admin/users/info?user_id=${created.data.user_id}`);
    expect(info.statusCode).toBe(200);
    expect(info.data.email).toBe('lan@example.vn');
    expect(info.data.page_permissions).toEqual([]);

    const list = await admin.post<List>('/api/admin/users/filter', {
      filters: [{ field: 'username', value: 'minh', condition_type: 'like' }],
    });
    expect(list.data.total_count).toBe(1);
    expect(list.data.items[0]).toMatchObject({ username: 'Minh.Tran', role_name: 'Store Staff' });
    expect(list.body).not.toContain('password');

    const updated = await admin.put<User>('/api/admin/users', {
      user_id: created.data.user_id,
      version: 1,
      lastname: 'Trần',
      role_id: roleId['Store Manager'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.data).toMatchObject({ lastname: 'Trần', role_name: 'Store Manager', firstname: 'Lan', version: 2 });

    const stale = await admin.put('/api/admin/users', { user_id: created.data.user_id, version: 1, lastname: 'X' });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');

    const del = await admin.del(`/api/admin/users?user_id=${created.data.user_id}`);
    expect(del.statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users/info?user_id=${created.data.user_id}`)).statusCode).toBe(404);
  });

  it('lets the new user log in, and a password given on update replaces the old one', async () => {
    const created = await admin.post<User>('/api/admin/users', newUser({ username: 'login.me' }));
    const me = await ctx.t.as('LOGIN.ME', 'Secret123');
    expect((await me.post('/api/auth/me')).statusCode).toBe(200);
    const res = await admin.put('/api/admin/users', {
      user_id: created.data.user_id,
      version: created.data.version,
      password: 'Another99',
    });
    expect(res.statusCode).toBe(200);
    expect((await me.post('/api/auth/me')).statusCode).toBe(401);
    await expect(ctx.t.as('login.me', 'Secret123')).rejects.toThrow();
    await ctx.t.as('login.me', 'Another99');
  });

  it('names each field of bad input with the spec messages and writes nothing', async () => {
    const before = await userCount();
    const empty = await admin.post('/api/admin/users', {});
    expect(empty.statusCode).toBe(400);
    const msg = (r: typeof empty, f: string) => r.envelope.errors.find((e) => e.field === f)?.msg;
    expect(msg(empty, 'username')).toBe('This is required field!');
    expect(msg(empty, 'password')).toBe('This is required field!');
    expect(msg(empty, 'role_id')).toBe('This is required field!');

    const bad = await admin.post(
      '/api/admin/users',
      newUser({ password: 'short1', email: 'not-an-email', username: 'has space', firstname: 'x'.repeat(81) }),
    );
    expect(bad.statusCode).toBe(400);
    expect(msg(bad, 'password')).toBe(PASSWORD_MSG);
    expect(msg(bad, 'email')).toBe('Please enter a valid email!');
    expect(msg(bad, 'username')).toBe('Username may contain letters, digits and . _ @ - only');
    expect(msg(bad, 'firstname')).toBe('Maximum 80 characters!');
    for (const pw of ['abcdefgh', '12345678', 'abc 12345']) {
      expect(msg(await admin.post('/api/admin/users', newUser({ password: pw })), 'password')).toBe(PASSWORD_MSG);
    }

    const role = await admin.post('/api/admin/users', newUser({ role_id: 9999 }));
    expect(role.statusCode).toBe(400);
    expect(role.envelope.errors[0]).toMatchObject({ field: 'role_id', msg: 'Role 9999 does not exist' });

    const store = await admin.post('/api/admin/users', newUser({ customer_no: 'XX999' }));
    expect(store.statusCode).toBe(400);
    expect(store.envelope.errors[0]).toMatchObject({ field: 'customer_no', msg: 'Store XX999 does not exist' });

    const noId = await admin.put('/api/admin/users', { version: 1 });
    expect(noId.statusCode).toBe(400);
    expect(msg(noId, 'user_id')).toBe('user_id is required');
    const noVersion = await admin.put('/api/admin/users', { user_id: 1 });
    expect(msg(noVersion, 'version')).toBe('version is required');
    const badPw = await admin.post('/api/admin/users/password', { user_id: 1, new_password: 'abc' });
    expect(badPw.statusCode).toBe(400);
    expect(msg(badPw, 'new_password')).toBe(PASSWORD_MSG);
    const noIds = await admin.post('/api/admin/users/is-active', { is_active: false, ids: [] });
    expect(msg(noIds, 'ids')).toBe('ids must not be empty');
    const noFlag = await admin.post('/api/admin/users/is-active', { ids: [1] });
    expect(msg(noFlag, 'is_active')).toBe('is_active is required');
    const wrongIds = await admin.post('/api/admin/users/is-active', { is_active: 'yes', ids: 'all' });
    expect(msg(wrongIds, 'is_active')).toBe('is_active must be true or false');
    expect(msg(wrongIds, 'ids')).toBe('ids must be a list of user ids');
    expect((await admin.get('/api/admin/users/info')).envelope.errors[0]).toMatchObject({ field: 'user_id' });
    expect((await admin.get('/api/admin/users/info?user_id=abc')).statusCode).toBe(400);
    expect((await admin.del('/api/admin/users')).statusCode).toBe(400);
    const filter = await admin.post('/api/admin/users/filter', { filters: [{ field: 'password_hash', value: 'x' }] });
    expect(filter.statusCode).toBe(400);
    expect(filter.envelope.errors[0].field).toBe('filters.field');

    expect(await userCount()).toBe(before);
  });

  it('refuses a second user with the same username in any letter case', async () => {
    await admin.post('/api/admin/users', newUser({ username: 'hoa.pham' }));
    const before = await userCount();
    const dup = await admin.post('/api/admin/users', newUser({ username: 'HOA.Pham' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0]).toMatchObject({ field: 'username', msg: 'Username HOA.Pham already exists' });
    expect(await userCount()).toBe(before);
    const other = await admin.post<User>('/api/admin/users', newUser());
    const rename = await admin.put('/api/admin/users', {
      user_id: other.data.user_id,
      version: other.data.version,
      username: 'Hoa.PHAM',
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.envelope.errors[0].field).toBe('username');
  });

  it('lets only one of two simultaneous creates of a username through', async () => {
    const body = newUser({ username: 'twin.user' });
    const results = await Promise.all([
      admin.post('/api/admin/users', body),
      admin.post('/api/admin/users', { ...body, username: 'TWIN.user' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.envelope.errors[0].field).toBe('username');
  });

  it('returns the first answer again for a repeated Idempotency-Key', async () => {
    const body = newUser({ username: 'idem.user' });
    const a = await admin.post<User>('/api/admin/users', body, { 'idempotency-key': 'create-idem-user' });
    const b = await admin.post<User>('/api/admin/users', body, { 'idempotency-key': 'create-idem-user' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.data.user_id).toBe(a.data.user_id);
    const list = await admin.post<List>('/api/admin/users/filter', {
      filters: [{ field: 'username', value: 'idem.user' }],
    });
    expect(list.data.total_count).toBe(1);
  });

  it('answers 404 for a user that does not exist', async () => {
    const id = 987654;
    expect((await admin.get(`/api/admin/users/info?user_id=${id}`)).statusCode).toBe(404);
    expect((await admin.put('/api/admin/users', { user_id: id, version: 1, firstname: 'x' })).statusCode).toBe(404);
    expect((await admin.del(`/api/admin/users?user_id=${id}`)).statusCode).toBe(404);
    expect((await admin.post('/api/admin/users/password', { user_id: id, new_password: 'Passw0rd9' })).statusCode).toBe(
      404,
    );
    const active = await admin.post('/api/admin/users/is-active', { is_active: true, ids: [id] });
    expect(active.statusCode).toBe(404);
    expect(active.envelope.errors[0].msg).toBe(`User ${id} not found`);
    expect(
      (await admin.post('/api/franchise-users/store', { admin_user_id: id, customer_no: 'HN001' })).statusCode,
    ).toBe(404);
    expect((await admin.post('/api/franchise-users/device', { admin_user_id: id, device_id: null })).statusCode).toBe(
      404,
    );
  });

  it('requires a session (401) and the /users page (403), changing nothing when refused', async () => {
    const target = await admin.post<User>('/api/admin/users', newUser({ username: 'guarded' }));
    const id = target.data.user_id;
    const calls: [string, string, unknown?][] = [
      ['post', '/api/admin/users/filter', {}],
      ['post', '/api/admin/users/filter/export', {}],
      ['get', `/api/admin/users/info?user_id=${id}`],
      ['post', '/api/admin/roles/filter', {}],
      ['post', '/api/franchise-users/filter', {}],
      ['post', '/api/admin/users', newUser()],
      ['put', '/api/admin/users', { user_id: id, version: target.data.version, firstname: 'Hacked' }],
      ['del', `/api/admin/users?user_id=${id}`],
      ['post', '/api/admin/users/password', { user_id: id, new_password: 'Hacked123' }],
      ['post', '/api/admin/users/is-active', { is_active: false, ids: [id] }],
      ['post', '/api/franchise-users/store', { admin_user_id: id, customer_no: 'HCM001' }],
      ['post', '/api/franchise-users/device', { admin_user_id: id, device_id: 5 }],
    ];
    const call = (c: Client, [m, url, body]: [string, string, unknown?]) =>
      m === 'get' ? c.get(url) : m === 'del' ? c.del(url) : m === 'put' ? c.put(url, body) : c.post(url, body);
    for (const c of calls) expect((await call(ctx.t.anon, c)).statusCode, c[1]).toBe(401);
    expect((await ctx.t.anon.get('/api/franchise-users/current')).statusCode).toBe(401);

    const none = await ctx.t.makeUser({});
    for (const c of calls) expect((await call(none.client, c)).statusCode, c[1]).toBe(403);
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/users', permission_type: 'view' }] });
    for (const c of calls.slice(0, 5)) expect((await call(viewer.client, c)).statusCode, c[1]).toBe(200);
    const before = await userCount();
    for (const c of calls.slice(5)) expect((await call(viewer.client, c)).statusCode, c[1]).toBe(403);
    expect(await userCount()).toBe(before);
    const after = await admin.get<UserInfo>(`/api/admin/users/info?user_id=${id}`);
    expect(after.data).toMatchObject({
      firstname: 'Lan',
      is_active: true,
      customer_no: 'HN001',
      device_id: null,
      version: target.data.version,
    });
    await ctx.t.as('guarded', 'Secret123');
  });

  it("ends the user's sessions when an admin sets the password", async () => {
    const created = await admin.post<User>('/api/admin/users', newUser({ username: 'forgetful' }));
    const session = await ctx.t.as('forgetful', 'Secret123');
    expect((await session.get('/api/franchise-users/current')).statusCode).toBe(200);
    const res = await admin.post<User>('/api/admin/users/password', {
      user_id: created.data.user_id,
      new_password: 'Fresh2024',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.version).toBe(created.data.version + 1);
    expect((await session.get('/api/franchise-users/current')).statusCode).toBe(401);
    await expect(ctx.t.as('forgetful', 'Secret123')).rejects.toThrow(/wrong_username_password/);
    const fresh = await ctx.t.as('forgetful', 'Fresh2024');
    expect((await fresh.get('/api/franchise-users/current')).statusCode).toBe(200);
  });

  it('deactivates and reactivates one or many users; deactivation ends their sessions', async () => {
    const a = await admin.post<User>('/api/admin/users', newUser({ username: 'act.a' }));
    const b = await admin.post<User>('/api/admin/users', newUser({ username: 'act.b' }));
    const sa = await ctx.t.as('act.a', 'Secret123');
    const sb = await ctx.t.as('act.b', 'Secret123');
    const off = await admin.post<{ updated: number; items: User[] }>('/api/admin/users/is-active', {
      is_active: false,
      ids: [a.data.user_id, b.data.user_id],
    });
    expect(off.statusCode).toBe(200);
    expect(off.data.updated).toBe(2);
    expect(off.data.items.map((u) => u.is_active)).toEqual([false, false]);
    expect((await sa.get('/api/franchise-users/current')).statusCode).toBe(401);
    expect((await sb.get('/api/franchise-users/current')).statusCode).toBe(401);
    await expect(ctx.t.as('act.a', 'Secret123')).rejects.toThrow();
    const list = await admin.post<List>('/api/admin/users/filter', {
      filters: [
        { field: 'is_active', value: false },
        { field: 'username', value: 'act.', condition_type: 'like' },
      ],
    });
    expect(list.data.total_count).toBe(2);

    const on = await admin.post<{ updated: number; items: User[] }>('/api/admin/users/is-active', {
      is_active: true,
      ids: [a.data.user_id],
    });
    expect(on.data.updated).toBe(1);
    expect(on.data.items[0]).toMatchObject({ is_active: true, version: a.data.version + 2 });
    await ctx.t.as('act.a', 'Secret123');
    await expect(ctx.t.as('act.b', 'Secret123')).rejects.toThrow();

    const single = await admin.post<{ updated: number }>('/api/admin/users/is-active', {
      is_active: false,
      ids: b.data.user_id,
    });
    expect(single.statusCode).toBe(200);
    expect(single.data.updated).toBe(0);

    const viaUpdate = await admin.put<User>('/api/admin/users', {
      user_id: a.data.user_id,
      version: on.data.items[0].version,
      is_active: false,
    });
    expect(viaUpdate.statusCode).toBe(200);
    expect(viaUpdate.data.is_active).toBe(false);
  });

  it('does not let an admin deactivate or delete themself', async () => {
    const me = await admin.get<{ user_id: number; version: number }>('/api/franchise-users/current');
    const off = await admin.post('/api/admin/users/is-active', { is_active: false, ids: [me.data.user_id] });
    expect(off.statusCode).toBe(422);
    expect(off.envelope.errors[0]).toMatchObject({ code: 'cannot_deactivate_self', field: 'ids' });
    const upd = await admin.put('/api/admin/users', {
      user_id: me.data.user_id,
      version: me.data.version,
      is_active: false,
    });
    expect(upd.statusCode).toBe(422);
    const roles = await admin.post<{ items: { id: number; name: string }[] }>('/api/admin/roles/filter', {});
    const staff = roles.data.items.find((r) => r.name === 'Store Staff')!;
    const demote = await admin.put('/api/admin/users', {
      user_id: me.data.user_id,
      version: me.data.version,
      role_id: staff.id,
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.envelope.errors[0]).toMatchObject({ code: 'cannot_change_own_role', field: 'role_id' });
    const del = await admin.del(`/api/admin/users?user_id=${me.data.user_id}`);
    expect(del.statusCode).toBe(422);
    expect(del.envelope.errors[0].code).toBe('cannot_delete_self');
    expect((await admin.get('/api/franchise-users/current')).data).toMatchObject({
      is_active: true,
      version: me.data.version,
    });
  });

  it('exports the filtered users as xlsx without passwords', async () => {
    await admin.post('/api/admin/users', newUser({ username: 'export.me', firstname: 'Xuân' }));
    const res = await admin.post('/api/admin/users/filter/export', {
      filters: [{ field: 'username', value: 'export.me' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Username',
      'First Name',
      'Last Name',
      'Email',
      'Role',
      'Store',
      'Device',
      'Active',
      'Updated',
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe('export.me');
    expect(ws.getRow(2).getCell(2).value).toBe('Xuân');
    expect(ws.getRow(2).getCell(8).value).toBe('Yes');
    expect(ws.rowCount).toBe(2);
  });

  it('lists roles', async () => {
    const res = await admin.post<{ items: { name: string }[] }>('/api/admin/roles/filter', {});
    expect(res.data.items.map((r) => r.name)).toEqual([
      'Administrators',
      'Head Office',
      'Store Manager',
      'Store Staff',
    ]);
  });
});

describe('store, device and the current user', () => {
  it("changes a user's store and device, checking the version when given", async () => {
    const u = await admin.post<User>('/api/admin/users', newUser({ username: 'mover' }));
    const moved = await admin.post<User>('/api/franchise-users/store', {
      admin_user_id: u.data.user_id,
      customer_no: 'HCM001',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.data).toMatchObject({ customer_no: 'HCM001', version: u.data.version + 1 });
    const missing = await admin.post('/api/franchise-users/store', {
      admin_user_id: u.data.user_id,
      customer_no: 'NOPE1',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors[0]).toMatchObject({ field: 'customer_no', msg: 'Store NOPE1 does not exist' });
    const stale = await admin.post('/api/franchise-users/store', {
      admin_user_id: u.data.user_id,
      customer_no: 'HN001',
      version: u.data.version,
    });
    expect(stale.statusCode).toBe(409);
    const noStore = await admin.post('/api/franchise-users/store', { admin_user_id: u.data.user_id });
    expect(noStore.envelope.errors[0]).toMatchObject({ field: 'customer_no', msg: 'customer_no is required' });
    const cleared = await admin.post<User>('/api/franchise-users/store', {
      admin_user_id: u.data.user_id,
      customer_no: null,
      version: moved.data.version,
    });
    expect(cleared.data.customer_no).toBeNull();

    const dev = await admin.post<User>('/api/franchise-users/device', {
      admin_user_id: u.data.user_id,
      device_id: printerId,
    });
    expect(dev.statusCode).toBe(200);
    expect((await admin.get<UserInfo>(`/api/admin/users/info?user_id=${u.data.user_id}`)).data.device_id).toBe(
      printerId,
    );
    const unknown = await admin.post('/api/franchise-users/device', {
      admin_user_id: u.data.user_id,
      device_id: 99999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errors[0]).toMatchObject({ field: 'device_id', msg: 'Device 99999 does not exist' });
    const staleDev = await admin.post('/api/franchise-users/device', {
      admin_user_id: u.data.user_id,
      device_id: null,
      version: u.data.version,
    });
    expect(staleDev.statusCode).toBe(409);
    const onCreate = await admin.post('/api/admin/users', newUser({ device_id: 99999 }));
    expect(onCreate.envelope.errors[0]).toMatchObject({ field: 'device_id', msg: 'Device 99999 does not exist' });
    const withDevice = await admin.post<User>('/api/admin/users', newUser({ device_id: printerId }));
    expect(withDevice.data.device_id).toBe(printerId);
    const badDev = await admin.post('/api/franchise-users/device', { admin_user_id: u.data.user_id, device_id: 'abc' });
    expect(badDev.statusCode).toBe(400);
    expect(badDev.envelope.errors[0].field).toBe('device_id');
    const noDev = await admin.post<User>('/api/franchise-users/device', {
      admin_user_id: u.data.user_id,
      device_id: null,
    });
    expect(noDev.data.device_id).toBeNull();
  });

  it('answers the caller with role and store', async () => {
    const m = await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'HN001' });
    const res = await m.client.get<{
      username: string;
      role: { name: string };
      store: { customer_no: string };
      is_admin: boolean;
    }>('/api/franchise-users/current');
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      username: m.username,
      role: { name: 'Store Manager' },
      store: { customer_no: 'HN001', name: 'Hà Nội 1' },
      is_admin: false,
    });
    expect(res.body).not.toContain('password');
    const a = await admin.get<{ username: string; store: null; is_admin: boolean }>('/api/franchise-users/current');
    expect(a.data).toMatchObject({ username: 'admin', store: null, is_admin: true });
  });
});

describe('franchise scoping', () => {
  const edit = [{ page_url: '/users', permission_type: 'edit' as const }];

  it("shows a store user only their franchise's users; head office sees all", async () => {
    const hn = await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'HN001', pages: edit });
    const hcm = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'HCM001' });
    const ho = await ctx.t.makeUser({ role: 'Head Office', pages: edit });
    for (const url of ['/api/admin/users/filter', '/api/franchise-users/filter']) {
      const mine = await hn.client.post<List>(url, { pagination: { page: 1, size: 500 } });
      expect(mine.data.items.length).toBeGreaterThan(0);
      expect(mine.data.items.every((u) => u.customer_no === 'HN001')).toBe(true);
      const all = await ho.client.post<List>(url, { pagination: { page: 1, size: 500 } });
      expect(all.data.items.map((u) => u.username)).toEqual(
        expect.arrayContaining([hn.username, hcm.username, 'admin']),
      );
    }
    expect((await hn.client.get(`/api/admin/users/info?user_id=${hcm.id}`)).statusCode).toBe(404);
    expect((await ho.client.get(`/api/admin/users/info?user_id=${hcm.id}`)).statusCode).toBe(200);
  });

  it("lets a store user change only their franchise's users, never move them away, never make Administrators", async () => {
    const hn = await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'HN001', pages: edit });
    const hcm = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'HCM001' });
    const c = hn.client;
    const [other] = await ctx.t.services.db.select().from(users).where(eq(users.user_id, hcm.id));

    // Another franchise's user does not exist for them.
    expect(
      (await c.put('/api/admin/users', { user_id: hcm.id, version: other.version, firstname: 'X' })).statusCode,
    ).toBe(404);
    expect((await c.del(`/api/admin/users?user_id=${hcm.id}`)).statusCode).toBe(404);
    expect((await c.post('/api/admin/users/password', { user_id: hcm.id, new_password: 'Taken1234' })).statusCode).toBe(
      404,
    );
    expect(
      (await c.post('/api/franchise-users/store', { admin_user_id: hcm.id, customer_no: 'HN001' })).statusCode,
    ).toBe(404);
    expect((await c.post('/api/franchise-users/device', { admin_user_id: hcm.id, device_id: null })).statusCode).toBe(
      404,
    );
    const own = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'HN001' });
    const mixed = await c.post('/api/admin/users/is-active', { is_active: false, ids: [own.id, hcm.id] });
    expect(mixed.statusCode).toBe(404);
    await own.client.get('/api/franchise-users/current').then((r) => expect(r.statusCode).toBe(200));
    const [untouched] = await ctx.t.services.db.select().from(users).where(eq(users.user_id, hcm.id));
    expect(untouched).toMatchObject({
      version: other.version,
      is_active: true,
      customer_no: 'HCM001',
      firstname: other.firstname,
    });

    // Creating: their own store by default, never another one, never an Administrator.
    const created = await c.post<User>('/api/admin/users', newUser({ customer_no: undefined }));
    expect(created.statusCode).toBe(201);
    expect(created.data.customer_no).toBe('HN001');
    const before = await userCount();
    const away = await c.post('/api/admin/users', newUser({ customer_no: 'HCM001' }));
    expect(away.statusCode).toBe(404);
    expect(away.envelope.errors[0]).toMatchObject({ field: 'customer_no', msg: 'Franchise not found' });
    expect((await c.post('/api/admin/users', newUser({ customer_no: null }))).statusCode).toBe(403);
    const boss = await c.post('/api/admin/users', newUser({ role_id: roleId.Administrators }));
    expect(boss.statusCode).toBe(403);
    expect(boss.envelope.errors[0].field).toBe('role_id');
    expect(await userCount()).toBe(before);
    const roleNames = (await c.post<{ items: { name: string }[] }>('/api/admin/roles/filter', {})).data.items.map(
      (r) => r.name,
    );
    expect(roleNames).not.toContain('Administrators');

    // Changing their own franchise's user: allowed, but not away from the franchise nor into Administrators.
    const moveAway = await c.put('/api/admin/users', {
      user_id: created.data.user_id,
      version: created.data.version,
      customer_no: 'HCM001',
    });
    expect(moveAway.statusCode).toBe(404);
    expect(
      (await c.post('/api/franchise-users/store', { admin_user_id: created.data.user_id, customer_no: 'HCM001' }))
        .statusCode,
    ).toBe(404);
    const promote = await c.put('/api/admin/users', {
      user_id: created.data.user_id,
      version: created.data.version,
      role_id: roleId.Administrators,
    });
    expect(promote.statusCode).toBe(403);
    const ok = await c.put<User>('/api/admin/users', {
      user_id: created.data.user_id,
      version: created.data.version,
      firstname: 'Hạnh',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.data).toMatchObject({ firstname: 'Hạnh', customer_no: 'HN001', version: created.data.version + 1 });
    expect(
      (await c.post('/api/admin/users/is-active', { is_active: false, ids: [created.data.user_id] })).statusCode,
    ).toBe(200);
    expect((await c.del(`/api/admin/users?user_id=${created.data.user_id}`)).statusCode).toBe(200);
  });

  it('keeps Administrators out of reach of everyone else', async () => {
    const ho = await ctx.t.makeUser({ role: 'Head Office', pages: [{ page_url: '/users', permission_type: 'edit' }] });
    const boss = await admin.post<User>(
      '/api/admin/users',
      newUser({ username: 'second.admin', role_id: roleId.Administrators, customer_no: null }),
    );
    expect(boss.statusCode).toBe(201);
    const id = boss.data.user_id;
    expect(
      (await ho.client.post('/api/admin/users/password', { user_id: id, new_password: 'Takeover1' })).statusCode,
    ).toBe(403);
    expect((await ho.client.post('/api/admin/users/is-active', { is_active: false, ids: [id] })).statusCode).toBe(403);
    expect(
      (await ho.client.put('/api/admin/users', { user_id: id, version: boss.data.version, email: 'x@y.vn' }))
        .statusCode,
    ).toBe(403);
    expect((await ho.client.del(`/api/admin/users?user_id=${id}`)).statusCode).toBe(403);
    await ctx.t.as('second.admin', 'Secret123');
  });
});
