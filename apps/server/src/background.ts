import type { Services } from './services.js';
import { purgeExpiredSessions } from './modules/auth/service.js';
import { ERP_SHIPMENTS_EVERY_MS, scheduleErpShipments } from './modules/purchasing/posting/erp-shipments.js';

/** Work a running server does on its own: the job queue and housekeeping. */
export function startBackground(s: Services) {
  s.jobs.start();
  const t = setInterval(
    () => void purgeExpiredSessions(s.db).catch((e: unknown) => s.log.warn({ err: e }, 'session purge failed')),
    3600_000,
  );
  t.unref();
  if (s.erp.mode !== 'standalone') {
    // Head office ships purchase orders in the ERP: its posted shipments are brought in on a schedule (a job).
    const schedule = () =>
      void scheduleErpShipments(s.db).catch((e: unknown) => s.log.warn({ err: e }, 'ERP shipments schedule failed'));
    schedule();
    setInterval(schedule, ERP_SHIPMENTS_EVERY_MS).unref();
  }
}
