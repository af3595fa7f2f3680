import type { Auth } from '../../http/context.js';

/**
 * The callers of sessions seen lately, by token hash, so a request of a known session runs no query for it. An
 * entry is dropped on every change notice of `auth` (db/change-notices.ts: a session ended or changed, a user, role,
 * permission or grant changed, in any process), when its session expires and after `maxAgeMs` in any case; the
 * whole cache goes when a pool connection is lost. Unknown tokens are never kept (a new login is found at once).
 */
export class SessionCache {
  private readonly entries = new Map<string, { auth: Auth; until: number }>();
  private generation = 0;

  constructor(private readonly opts: { maxAgeMs: number; maxEntries: number }) {}

  get(tokenHash: string): Auth | null {
    const hit = this.entries.get(tokenHash);
    if (!hit) return null;
    if (hit.until > Date.now()) return hit.auth;
    this.entries.delete(tokenHash);
    return null;
  }

  /** Taken before the query whose answer goes to `set`: a change notice in between keeps that answer out. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, auth: Auth, expiresAtMs: number, mark: number) {
    if (mark !== this.generation || this.opts.maxAgeMs <= 0) return;
    // The oldest entry leaves first (a Map keeps insertion order).
    if (this.entries.size >= this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { auth, until: Math.min(expiresAtMs, Date.now() + this.opts.maxAgeMs) });
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
