import type { Services } from './services.js';
import { purgeExpiredSessions } from './modules/auth/service.js';
import { scheduleSyncs } from './modules/sync/service.js';
import { ERP_SHIPMENTS_EVERY_MS, scheduleErpShipments } from './modules/purchasing/posting/erp-shipments.js';
import { COMPACT_EVERY_MS, compactRollUps } from './modules/reports/rollups.js';

/**
 * Work a running server does on its own: the job queue and housekeeping. Every process runs jobs (each claims with
 * SKIP LOCKED, jobs/queue.ts); the schedules run in one process only, the one that `leads` (a session advisory lock,
 * db/client.ts), so N processes behind a load balancer still start one ERP sync per interval, not N. Answers a
 * function that stops the timers.
 */
export function startBackground(s: Services, leads: () => Promise<boolean> = () => Promise.resolve(true)) {
  s.jobs.start();
  const timers: NodeJS.Timeout[] = [];
  /** Runs `task` every `ms` in the leading process; a failure is logged and the next tick tries again. */
  const every = (ms: number, what: string, task: () => Promise<unknown>, now = false) => {
    const tick = () =>
      void leads()
        .then((lead) => (lead ? task() : undefined))
        .catch((e: unknown) => s.log.warn({ err: e }, `${what} failed`));
    if (now) tick();
    const t = setInterval(tick, ms);
    t.unref();
    timers.push(t);
  };
  every(3600_000, 'session purge', () => purgeExpiredSessions(s.db));
  // The roll-ups' delta rows (the revenue per day, the stock balances) folded into one row per key (issue 22).
  every(COMPACT_EVERY_MS, 'roll-up compaction', () => compactRollUps(s.db));
  if (s.config.erpSyncEveryMinutes > 0)
    every(s.config.erpSyncEveryMinutes * 60_000, 'scheduled ERP sync', () => scheduleSyncs(s.db, s.erp.mode));
  // Head office ships purchase orders in the ERP: its posted shipments are brought in on a schedule (a job).
  if (s.erp.mode !== 'standalone')
    every(ERP_SHIPMENTS_EVERY_MS, 'ERP shipments schedule', () => scheduleErpShipments(s.db), true);
  return () => timers.forEach(clearInterval);
}
