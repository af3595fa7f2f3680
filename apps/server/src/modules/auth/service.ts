import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Language, Me } from '@fp/contract';
import { loginErrors } from '@fp/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, throttled, businessRule } from '../../http/errors.js';
import { makeAuth, type Auth } from '../../http/context.js';
import { loginFailures, roles, sessions, users } from './schema.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { mergeGrants, type GrantRow } from '../access/grants.js';
import { pagePermissions, pagePermissionUsers } from '../access/schema.js';
import { devices } from '../devices/schema.js';
import { stampNow } from '../../db/clock.js';
import { prepared } from '../../db/prepared.js';
import type { SessionCache } from './session-cache.js';

const meColumns = {
  user_id: users.user_id,
  username: users.username,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role_id: users.role_id,
  customer_no: users.customer_no,
  device_id: users.device_id,
  is_active: users.is_active,
  language: users.language,
};

export { SESSION_COOKIE } from './cookies.js';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Lock-out (OWASP Authentication Cheat Sheet): failures are counted over 15 minutes per username and address, per
 * username and per address, all from unknown devices; a browser that logged in as the user before (a signed device
 * cookie) has its own count and is never locked out by the others' failures.
 */
const WINDOW = sql`now() - interval '15 minutes'`;
export const LOGIN_LIMITS = { pair: 5, username: 20, address: 30, device: 5 };
const throttledLogin = () => throttled('Too many failed logins. Please wait 15 minutes and try again.');

/** An unknown username is checked against this hash, so it costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Counts and records the attempt in one transaction under advisory locks on the username and the address, so
 * parallel guesses see each other: the attempt is written before the password is checked (and deleted when it was
 * right). Answers the attempt's id, or throws 429 when a limit is reached.
 */
async function claimAttempt(db: Db, username: string, address: string, device: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    const keys = [`login:user:${username}`, `login:address:${address}`].sort();
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${keys[0]})), pg_advisory_xact_lock(hashtext(${keys[1]}))`,
    );
    const f = loginFailures;
    const unknown = sql`${f.device} is null`;
    const [n] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${f.username} = ${username} and ${f.address} = ${address} and ${unknown})`.mapWith(
          Number,
        ),
        username: sql<number>`count(*) filter (where ${f.username} = ${username} and ${unknown})`.mapWith(Number),
        address: sql<number>`count(*) filter (where ${f.address} = ${address} and ${unknown})`.mapWith(Number),
        device:
          sql<number>`count(*) filter (where ${f.username} = ${username} and ${f.device} = ${device ?? ''})`.mapWith(
            Number,
          ),
      })
      .from(f)
      .where(and(gt(f.at, WINDOW), or(eq(f.username, username), eq(f.address, address))));
    const over = device
      ? n.device >= LOGIN_LIMITS.device
      : n.pair >= LOGIN_LIMITS.pair || n.username >= LOGIN_LIMITS.username || n.address >= LOGIN_LIMITS.address;
    if (over) throw throttledLogin();
    const [row] = await tx.insert(f).values({ username, address, device }).returning({ id: f.id });
    return row.id;
  });
}

export async function login(
  db: Db,
  input: { username: string; password: string; address: string; ttlHours: number; device?: string | null },
): Promise<string> {
  const username = input.username.trim().toLowerCase();
  const device = input.device ?? null;
  const attempt = await claimAttempt(db, username, input.address, device);
  const [user] = await db
    .select({ user_id: users.user_id, password_hash: users.password_hash, is_active: users.is_active })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username));
  // Always one argon2 verification, whether the username exists or not.
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummy()), input.password);
  if (!user || !user.is_active || !passwordOk) {
    throw new AppError(401, 'wrong_username_password', loginErrors.wrong_username_password);
  }
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const f = loginFailures;
    const mine = device
      ? and(eq(f.username, username), eq(f.device, device))
      : and(eq(f.username, username), eq(f.address, input.address), isNull(f.device));
    await tx.delete(f).where(or(eq(f.id, attempt), mine));
    await tx.insert(sessions).values({
      token_hash: hashToken(token),
      user_id: user.user_id,
      expires_at: new Date(Date.now() + input.ttlHours * 3600_000).toISOString(),
    });
  });
  return token;
}

/** The query behind every authenticated request: session, user, role and page grants (as JSON) in one statement. */
function sessionQuery(db: DbOrTx) {
  return db
    .select({
      session_id: sessions.id,
      expires_ms: sql<number>`(extract(epoch from ${sessions.expires_at}) * 1000)::float8`.mapWith(Number),
      user_id: users.user_id,
      username: users.username,
      customer_no: users.customer_no,
      role_name: roles.name,
      grants: sql<GrantRow[] | null>`(
        select json_agg(json_build_object('pages', ${pagePermissions.pages}, 'permission_type', ${pagePermissions.permission_type}))
        from ${pagePermissionUsers} join ${pagePermissions} on ${pagePermissions.id} = ${pagePermissionUsers.page_permission_id}
        where ${pagePermissionUsers.admin_user_id} = ${users.user_id})`,
      buttons: sql<string[] | null>`(
        select json_agg(distinct b) from ${pagePermissionUsers}
        join ${pagePermissions} on ${pagePermissions.id} = ${pagePermissionUsers.page_permission_id},
        jsonb_array_elements_text(${pagePermissions.permissions}) as b
        where ${pagePermissionUsers.admin_user_id} = ${users.user_id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.user_id, sessions.user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder('token_hash')),
        gt(sessions.expires_at, sql`now()`),
        eq(users.is_active, true),
      ),
    )
    .prepare('fp_session');
}
/** Prepared once per database (a named statement: PostgreSQL parses and plans it once per connection). */
const sessionStatement = prepared(sessionQuery);

/** The caller of a session the cache knows, without a query (null: ask `authenticate`). */
export function knownSession(token: string, cache: SessionCache): Auth | null {
  return cache.get(hashToken(token));
}

/**
 * Resolves a token to the caller, or null when unknown, expired or the user is inactive: from `cache` when the
 * session was seen lately, else in one query (whose answer goes to the cache). The cache is emptied by every change
 * to sessions, users, roles and permissions in any process (modules/auth/session-cache.ts), so logout, a password
 * change, deactivation and a permission change act on the next request (ASVS 7.4.2). Never reads password_hash.
 * The Auth is frozen: requests of one session share it.
 */
export async function authenticate(db: Db, token: string, cache?: SessionCache): Promise<Auth | null> {
  const tokenHash = hashToken(token);
  const hit = cache?.get(tokenHash);
  if (hit) return hit;
  const mark = cache?.mark() ?? 0;
  const [row] = await sessionStatement(db).execute({ token_hash: tokenHash });
  if (!row) return null;
  const grants = mergeGrants(row.grants ?? []);
  for (const g of grants) Object.freeze(g);
  const auth = makeAuth({
    userId: row.user_id,
    username: row.username,
    roleName: row.role_name,
    franchiseCode: row.customer_no,
    grants: Object.freeze(grants) as Auth['grants'],
    buttons: Object.freeze(row.buttons ?? []) as Auth['buttons'],
    sessionId: row.session_id,
  });
  // Store users are scoped to their store's franchise; Administrators see everything (makeAuth).
  Object.freeze(auth);
  cache?.set(tokenHash, auth, row.expires_ms, mark);
  return auth;
}

export async function logout(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** My info; `defaultLanguage` (DEFAULT_LANGUAGE) is the language of a user who has not chosen one. */
export async function me(db: Db, auth: Auth, defaultLanguage: Language): Promise<Me> {
  const [row] = await db
    .select({ user: meColumns, role: roles, location_code: devices.location_code })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(devices, eq(devices.id, users.device_id))
    .where(eq(users.user_id, auth.userId));
  const u = row.user;
  return {
    user: {
      user_id: u.user_id,
      username: u.username,
      firstname: u.firstname,
      lastname: u.lastname,
      email: u.email,
      role_id: u.role_id,
      customer_no: u.customer_no,
      device_id: u.device_id,
      is_active: u.is_active,
      language: u.language,
    },
    role: row.role ? { id: row.role.id, name: row.role.name } : null,
    is_admin: auth.isAdmin,
    franchise_code: auth.franchiseCode,
    location_code: row.location_code || null,
    permissions: auth.grants,
    buttons: auth.isAdmin ? [] : auth.buttons,
    default_language: defaultLanguage,
  };
}

/** Keeps the user's interface language (the switch of the login page and the profile). */
export async function setOwnLanguage(db: Db, auth: Auth, language: Language): Promise<{ language: Language }> {
  await db
    .update(users)
    .set({ language, version: sql`${users.version} + 1`, updated_at: stampNow() })
    .where(eq(users.user_id, auth.userId));
  return { language };
}

/** calls.md 7.2: a successful change logs the user out (every session of the user ends). */
export async function changeOwnPassword(db: Db, auth: Auth, oldPassword: string, newPassword: string) {
  const [u] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.user_id, auth.userId));
  if (!(await verifyPassword(u.password_hash, oldPassword))) {
    throw new AppError(400, 'wrong_old_password', loginErrors.wrong_old_password, 'old_password');
  }
  if (oldPassword === newPassword)
    throw businessRule('The new password must differ from the old one', 'same_password', 'new_password');
  await setPassword(db, auth.userId, newPassword);
}

/** Sets a password and ends the user's sessions, so a stolen token stops working. */
export async function setPassword(db: DbOrTx, userId: number, plain: string) {
  const hash = await hashPassword(plain);
  await db
    .update(users)
    .set({ password_hash: hash, version: sql`${users.version} + 1`, updated_at: stampNow() })
    .where(eq(users.user_id, userId));
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(sql`${sessions.expires_at} < now()`);
  await db.delete(loginFailures).where(sql`${loginFailures.at} < now() - interval '1 day'`);
}
