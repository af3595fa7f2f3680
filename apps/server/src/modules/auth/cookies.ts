import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';

export const SESSION_COOKIE = 'fp_token';
/** OWASP device cookie: the browsers a user has logged in from; failures from them do not lock out the user. */
export const DEVICE_COOKIE = 'fp_device';
const DEVICE_MAX_AGE = 365 * 24 * 3600;
/** A browser shared by a few users (a store's till) keeps one entry per user, the most recent first. */
const DEVICE_MAX_ENTRIES = 5;

/** The session cookie's attributes: set at login, and the same when logout or a password change clears it. */
export const sessionCookie = (config: AppConfig, req: FastifyRequest, maxAge?: number): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  path: '/',
  secure: config.cookieSecure || req.protocol === 'https',
  ...(maxAge !== undefined ? { maxAge } : {}),
});

const deviceCookieOptions = (config: AppConfig, req: FastifyRequest): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  path: '/api',
  secure: config.cookieSecure || req.protocol === 'https',
  maxAge: DEVICE_MAX_AGE,
});

type DeviceEntry = { username: string; nonce: string };

const sign = (secret: string, username: string, nonce: string) =>
  createHmac('sha256', secret).update(`${username}\n${nonce}`).digest('base64url');

function verified(secret: string, part: string): DeviceEntry | null {
  const [user64, nonce, sig] = part.split('.');
  if (!user64 || !nonce || !sig) return null;
  const username = Buffer.from(user64, 'base64url').toString('utf8');
  const want = Buffer.from(sign(secret, username, nonce));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? { username, nonce } : null;
}

/** The entries of the caller's device cookie whose signature holds. */
function entries(secret: string, value: string | undefined): DeviceEntry[] {
  return (value ?? '')
    .split('~')
    .slice(0, DEVICE_MAX_ENTRIES)
    .map((p) => verified(secret, p))
    .filter((e): e is DeviceEntry => e !== null);
}

/**
 * The nonce of this browser for `username` (lower-cased), when it logged in as that user before; else null.
 * `secret`: DEVICE_COOKIE_SECRET, or the key kept in the database (`storedSecret`), so a restart forgets no device.
 */
export function knownDevice(secret: string, req: FastifyRequest, username: string): string | null {
  return entries(secret, req.cookies[DEVICE_COOKIE]).find((e) => e.username === username)?.nonce ?? null;
}

/** After a successful login: this browser is known for `username` from now on. */
export function deviceCookie(
  config: AppConfig,
  secret: string,
  req: FastifyRequest,
  username: string,
): { value: string; options: CookieSerializeOptions } {
  const all = entries(secret, req.cookies[DEVICE_COOKIE]);
  const mine = all.find((e) => e.username === username) ?? { username, nonce: randomBytes(16).toString('base64url') };
  const kept = [mine, ...all.filter((e) => e.username !== username)].slice(0, DEVICE_MAX_ENTRIES);
  const value = kept
    .map((e) => `${Buffer.from(e.username).toString('base64url')}.${e.nonce}.${sign(secret, e.username, e.nonce)}`)
    .join('~');
  return { value, options: deviceCookieOptions(config, req) };
}
