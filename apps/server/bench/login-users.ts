import { eq } from 'drizzle-orm';
import { benchApp, measure, BENCH_ADMIN_PASSWORD } from './harness.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { roles, users } from '../src/modules/auth/schema.js';

/** Login, and a filtered, sorted user list, at 10,000 users across 500 stores. */
export async function benchLoginAndUsers() {
  const USERS = 10_000;
  const b = await benchApp();
  const hash = await hashPassword('Passw0rd1');
  const [{ id: roleId }] = await b.services.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, 'Store Staff'));
  for (let i = 0; i < USERS; i += 1000) {
    await b.services.db.insert(users).values(
      Array.from({ length: 1000 }, (_, k) => ({
        username: `bench${i + k}`,
        password_hash: hash,
        firstname: 'Nguyễn',
        lastname: `Văn ${i + k}`,
        email: `bench${i + k}@demo.vn`,
        role_id: roleId,
        customer_no: `S${String((i + k) % 500).padStart(4, '0')}`,
      })),
    );
  }
  console.log(`\nData: ${USERS} users in 500 stores (${b.services.dbKind})`);
  const login = () =>
    b.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: BENCH_ADMIN_PASSWORD },
    });
  const token = (await login()).json<string>();
  await measure('POST /api/auth/login (argon2id)', 50, login);
  const list = (i: number) =>
    b.app.inject({
      method: 'POST',
      url: '/api/admin/users/filter',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        pagination: { page: 1 + (i % 5), size: 20 },
        filters: [
          { field: 'customer_no', value: `S${String(i % 500).padStart(4, '0')}`, condition_type: 'eq' },
          { field: 'lastname', value: 'Văn', condition_type: 'like' },
        ],
        sort_order: { field: 'username', direction: 'asc' },
      },
    });
  const probe = await list(0);
  if (probe.statusCode !== 200) console.log(`users filter answered ${probe.statusCode}: ${probe.body.slice(0, 200)}`);
  await measure('POST /api/admin/users/filter (store + name, sorted)', 300, list);
  await b.close();
}
