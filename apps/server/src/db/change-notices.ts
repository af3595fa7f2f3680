import type { DbOrTx } from './client.js';
import { databaseKey } from './prepared.js';

/**
 * What a process keeps in memory from the database (the caller of a session, the maintenance flag) is dropped when
 * the rows it came from change, in this process and every other one on the same database: triggers on those tables
 * (migration 0034_change_notices) `pg_notify('fp_changes', topic)` at commit, and every connection of the pool
 * LISTENs on the channel.
 *
 * PostgreSQL hands a session its own notices before the COMMIT's (or the autocommit statement's) answer, so a change
 * made through this process has reached its caches when the writing call returns, whichever module wrote it; another
 * process gets the notice as soon as its idle connection is told (a few milliseconds). A connection that leaves the
 * pool (error, idle timeout) may take unread notices with it, so its loss drops everything (`'*'`). PGlite has one
 * connection, which hears its own notices the same way.
 */
export const CHANGE_CHANNEL = 'fp_changes';

/** The topics the triggers announce; `'*'` reaches every listener. */
export type ChangeTopic = 'auth' | 'settings' | 'locations';

export class ChangeNotices {
  private readonly listeners = new Map<string, Set<() => void>>();

  /** Calls `fn` on every notice of `topic` (and on `'*'`); answers the unsubscribe. */
  on(topic: ChangeTopic, fn: () => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Notices already acted on ('<topic> <txid>'), the latest few hundred, in arrival order. */
  private readonly seen = new Set<string>();

  /**
   * A notice arrived (`payload` as sent by the trigger: '<topic> <txid>', or a bare topic), or a connection was lost
   * (`'*'`). Every connection of the pool hears each notice: the repeats of one transaction's notice are ignored.
   */
  notify(payload: string) {
    if (payload === '*') {
      for (const set of this.listeners.values()) for (const fn of set) fn();
      return;
    }
    const [topic, txid] = payload.split(' ');
    if (txid !== undefined) {
      if (this.seen.has(payload)) return;
      this.seen.add(payload);
      if (this.seen.size > 500) this.seen.delete(this.seen.values().next().value!);
    }
    for (const fn of this.listeners.get(topic) ?? []) fn();
  }
}

const byDatabase = new WeakMap<object, ChangeNotices>();

/** The notices of a database opened by openDatabase (db/client.ts registers them), for a cache kept per database. */
export const changesOf = (db: DbOrTx): ChangeNotices | undefined => byDatabase.get(databaseKey(db));

/** openDatabase's registration of a database's notices (its transactions find them too). */
export const registerChanges = (db: DbOrTx, changes: ChangeNotices): void =>
  void byDatabase.set(databaseKey(db), changes);
