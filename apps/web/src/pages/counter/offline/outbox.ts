import { useEffect, useState } from 'react';
import { SESSION_KEYS } from '@fp/contract/web';
import { ApiCallError, call } from '../../../api/client';
import { onReachChange, serverReached } from './connection';
import { db, type OutboxSale } from './db';
import { outboxFlag } from './flag';

// The outbox of the counter (issue 19): sales kept on this device until the server has them. Each is sent as the
// same POST /api/counter-sales with its client_id, so a retry, a lost answer, a second tab or a second copy never
// makes a second order (the server answers the first result). One tab sends at a time (the Web Lock
// `fp-counter-outbox`); a BroadcastChannel tells the other tabs that the outbox changed.

const LOCK = 'fp-counter-outbox';
const RETRY_MS = 10_000;
/**
 * A send that has no answer after this long counts as unanswered (a connection that died silently): the lock is
 * released and the sale sent again later with the same client_id (the server answers the first result).
 */
const ANSWER_MS = 30_000;

const unanswered = () =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(new ApiCallError(0, [{ code: 'network_error', msg: 'No answer' }])), ANSWER_MS),
  );

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK);
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
channel?.addEventListener('message', changed);

/** Tells this tab and the others that the outbox changed (and mirrors its count for the shell: flag.ts). */
function announce() {
  changed();
  channel?.postMessage('changed');
  void db.outbox.count().then(outboxFlag.set, () => undefined);
}

/** Keeps a sale in the outbox (a new row; the same client_id again changes nothing) and tries to send it. */
export async function keepSale(sale: Omit<OutboxSale, 'state' | 'tries'>): Promise<void> {
  await db.outbox.add({ ...sale, state: 'unsent', tries: 0 }).catch((e: unknown) => {
    if (!(e instanceof Error && e.name === 'ConstraintError')) throw e;
  });
  announce();
  void sendOutbox();
}

/** What the server's answer to a send means for the sale on the device. */
type Outcome = 'sent' | 'refused' | 'stop';

async function sendOne(sale: OutboxSale): Promise<Outcome> {
  try {
    await Promise.race([call('counterSales.create', { body: sale.body }), unanswered()]);
    return 'sent';
  } catch (e) {
    if (!(e instanceof ApiCallError)) return 'stop';
    // No network, no server, a server in trouble or a session gone: the sale stays unsent, tried again later.
    if (e.status === 0 || e.status === 401 || e.status === 409 || e.status === 429 || e.status >= 500) return 'stop';
    // A refusal: first ask whether the server has the sale already (sent before with another body).
    try {
      await call('counterSales.get', { params: { client_id: sale.client_id } });
      return 'sent';
    } catch (g) {
      if (!(g instanceof ApiCallError) || g.status !== 404) return 'stop';
    }
    await db.outbox.update(sale.client_id, {
      state: 'refused',
      tries: sale.tries + 1,
      error: { msg: e.message, field: e.errors[0]?.field, status: e.status },
    });
    return 'refused';
  }
}

async function drain(): Promise<'done' | 'stopped'> {
  for (;;) {
    const next = (await db.outbox.where('state').equals('unsent').sortBy('created_at'))[0];
    if (!next) return 'done';
    const outcome = await sendOne(next);
    if (outcome === 'stop') {
      await db.outbox.update(next.client_id, { tries: next.tries + 1 });
      return 'stopped';
    }
    if (outcome === 'sent') await db.outbox.delete(next.client_id);
    announce();
  }
}

let sending: Promise<'done' | 'stopped' | 'busy'> | null = null;

/**
 * Sends the unsent sales, oldest first, unless another tab is sending (then 'busy'). Stops at the first sale the
 * server could not answer (it is tried again later); a refused sale stays on the device with the server's message.
 */
export function sendOutbox(): Promise<'done' | 'stopped' | 'busy'> {
  if (sending) return sending;
  // Logged out: the sales wait for the next login on this device.
  if (!sessionStorage.getItem(SESSION_KEYS.me)) return Promise.resolve('stopped');
  const run = async () => {
    if (!navigator.locks?.request) return drain();
    return navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => (lock ? drain() : ('busy' as const)));
  };
  sending = run().finally(() => {
    sending = null;
  });
  return sending;
}

let started = false;
/** Starts sending in the background: now, when the server is back, and every few seconds while sales wait. */
export function startOutbox() {
  if (started) return;
  started = true;
  void sendOutbox();
  onReachChange((reached) => reached && void sendOutbox());
  setInterval(() => {
    if (!serverReached()) return;
    void db.outbox
      .where('state')
      .equals('unsent')
      .count()
      .then((n) => (n > 0 ? sendOutbox() : 'done'));
  }, RETRY_MS);
}

/** Sends a refused sale again (after the manager fixed what the server named). */
export async function resend(clientId: string) {
  await db.outbox.update(clientId, { state: 'unsent', error: undefined });
  announce();
  return sendOutbox();
}

/** Drops a sale from the device for good (a refused sale the manager decided not to send; asked first). */
export async function discard(clientId: string) {
  await db.outbox.delete(clientId);
  announce();
}

/** The sales on this device not yet accepted by the server, oldest first (live: this tab's and other tabs' changes). */
export function useOutbox(): OutboxSale[] | null {
  const [rows, setRows] = useState<OutboxSale[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void db.outbox
        .orderBy('created_at')
        .toArray()
        .then((r) => live && setRows(r))
        .catch(() => live && setRows([]));
    read();
    listeners.add(read);
    return () => {
      live = false;
      listeners.delete(read);
    };
  }, []);
  return rows;
}

/** How many sales wait on this device (for the logout warning). */
export const unsentCount = () => db.outbox.count();
