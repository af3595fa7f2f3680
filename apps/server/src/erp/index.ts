import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { Erp, ErpCallOptions, ErpMode, ErpSyncResult } from './port.js';
import { createStandaloneErp } from './standalone/index.js';
import { withSyncLog } from './sync-log.js';

export type { Erp, ErpMode } from './port.js';
export { withSyncLog } from './sync-log.js';

export const ERP_MODES: readonly ErpMode[] = ['standalone', 'business_central'];

/** Picks the ERP implementation from ERP_MODE (default standalone); an unknown or unavailable mode stops the start. */
export function createErp(config: AppConfig, db: Db): Erp {
  switch (config.erpMode) {
    case 'standalone':
      return withSyncLogging(createStandaloneErp(config, db), db);
    case 'business_central':
      throw new Error('ERP_MODE=business_central is not available yet');
    default:
      throw new Error(`ERP_MODE=${config.erpMode} is not supported (use ${ERP_MODES.join(' or ')})`);
  }
}

type SyncFn<A> = (arg: A, o?: ErpCallOptions) => Promise<ErpSyncResult>;

/** Every sync call, whichever implementation answers it, leaves one sync_logs entry (success or failure). */
export function withSyncLogging(erp: Erp, db: Db): Erp {
  const logged =
    <A>(table_code: string, action: (arg: A) => string, fn: SyncFn<A>): SyncFn<A> =>
    (arg, o) =>
      withSyncLog(db, { table_code, action: action(arg), erp_mode: erp.mode, user: o?.user ?? null }, () => fn(arg, o));
  const all = (a: { syncAll?: boolean }) => (a.syncAll ? 'sync_all' : 'sync');
  return {
    ...erp,
    customers: { ...erp.customers, sync: logged('customer', all, erp.customers.sync.bind(erp.customers)) },
    franchises: {
      ...erp.franchises,
      sync: logged('franchise', () => 'sync', erp.franchises.sync.bind(erp.franchises)),
    },
    items: {
      ...erp.items,
      sync: logged('item', (a) => (a.itemNo ? 'sync_item' : all(a)), erp.items.sync.bind(erp.items)),
    },
    postCodes: { ...erp.postCodes, sync: logged('post_code', all, erp.postCodes.sync.bind(erp.postCodes)) },
    transferOrders: {
      ...erp.transferOrders,
      sync: logged('transfer_order', all, erp.transferOrders.sync.bind(erp.transferOrders)),
    },
  };
}
