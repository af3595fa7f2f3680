import type { Services } from './services.js';
import { purgeExpiredSessions } from './modules/auth/service.js';

/** Work a running server does on its own: the job queue and housekeeping. */
export function startBackground(s: Services) {
  s.jobs.start();
  const t = setInterval(
    () => void purgeExpiredSessions(s.db).catch((e: unknown) => s.log.warn({ err: e }, 'session purge failed')),
    3600_000,
  );
  t.unref();
}
