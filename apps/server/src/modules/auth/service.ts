import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Me } from '@fp/contract';
import { loginErrors } from '@fp/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, throttled, businessRule } from '../../http/errors.js';
import { makeAuth, type Auth } from '../../http/context.js';
import { loginFailures, roles, sessions, users } from './schema.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { grantsOf } from '../access/grants.js';

export const SESSION_COOKIE = 'fp_token';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Throttling windows: per username+address, per username, per address.
const WINDOW = sql`now() - interval '15 minutes'`;
const LIMITS = { pair: 5, username: 20, address: 30 };

async function assertNotThrottled(db: Db, username: string, address: string) {
  const since = gt(loginFailures.at, WINDOW);
  const [[pair], [byUser], [byAddr]] = await Promise.all([
    db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.address, address), since)),
    db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.username, username), since)),
    db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.address, address), since)),
  ]);
  if (pair.n >= LIMITS.pair || byUser.n >= LIMITS.username || byAddr.n >= LIMITS.address) {
    throw throttled('Too many failed logins. Please wait 15 minutes and try again.');
  }
}

export async function login(db: Db, input: { username: string; password: string; address: string; ttlHours: number }): Promise<string> {
  const username = input.username.trim().toLowerCase();
  await assertNotThrottled(db, username, input.address);
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.username})`, username));
  const ok = user && user.is_active && (await verifyPassword(user.password_hash, input.password));
  if (!ok) {
    await db.insert(loginFailures).values({ username, address: input.address });
    throw new AppError(401, 'wrong_username_password', loginErrors.wrong_username_password);
  }
  await db.delete(loginFailures).where(and(eq(loginFailures.username, username), eq(loginFailures.address, input.address)));
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: user.user_id,
    expires_at: new Date(Date.now() + input.ttlHours * 3600_000).toISOString(),
  });
  return token;
}

/** Resolves a token to the caller, or null when unknown, expired or the user is inactive. */
export async function authenticate(db: Db, token: string): Promise<Auth | null> {
  const [row] = await db
    .select({ session_id: sessions.id, user: users, role_name: roles.name })
    .from(sessions)
    .innerJoin(users, eq(users.user_id, sessions.user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, sql`now()`)));
  if (!row || !row.user.is_active) return null;
  const grants = await grantsOf(db, row.user.user_id);
  const auth = makeAuth({
    userId: row.user.user_id,
    username: row.user.username,
    roleName: row.role_name,
    franchiseCode: row.user.customer_no,
    grants,
    sessionId: row.session_id,
  });
  // Store users are scoped to their store's franchise; Administrators see everything (makeAuth).
  return auth;
}

export async function logout(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function me(db: Db, auth: Auth): Promise<Me> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
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
    },
    role: row.role ? { id: row.role.id, name: row.role.name } : null,
    is_admin: auth.isAdmin,
    franchise_code: auth.franchiseCode,
    permissions: auth.grants,
  };
}

/** calls.md 7.2: a successful change logs the user out (every session of the user ends). */
export async function changeOwnPassword(db: Db, auth: Auth, oldPassword: string, newPassword: string) {
  const [u] = await db.select().from(users).where(eq(users.user_id, auth.userId));
  if (!(await verifyPassword(u.password_hash, oldPassword))) {
    throw new AppError(400, 'wrong_old_password', loginErrors.wrong_old_password, 'old_password');
  }
  if (oldPassword === newPassword) throw businessRule('The new password must differ from the old one', 'same_password', 'new_password');
  await setPassword(db, auth.userId, newPassword);
}

/** Sets a password and ends the user's sessions, so a stolen token stops working. */
export async function setPassword(db: DbOrTx, userId: number, plain: string) {
  const hash = await hashPassword(plain);
  await db
    .update(users)
    .set({ password_hash: hash, version: sql`${users.version} + 1`, updated_at: sql`now()` })
    .where(eq(users.user_id, userId));
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(sql`${sessions.expires_at} < now()`);
  await db.delete(loginFailures).where(sql`${loginFailures.at} < now() - interval '1 day'`);
}
