import type { Me } from '@fp/contract';
import { canAccess } from './session';

/** The counter's url (packages/contract ops/counter.ts COUNTER_PAGE; not imported here: it would bring the op table). */
const COUNTER = '/counter';

/**
 * Where a user lands after login when no page was asked for (WEB.md "Session"): a store user (one scoped to a
 * franchise) who may sell at the counter (edit on /counter) lands on the counter; everybody else on home.
 */
export function landingPage(me: Me): string {
  return me.franchise_code && !me.is_admin && canAccess(me, COUNTER, 'edit') ? COUNTER : '/';
}
