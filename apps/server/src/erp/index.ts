import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import {
  ErpConflictError,
  ErpUnavailableError,
  type Erp,
  type ErpCallOptions,
  type ErpMode,
  type ErpSyncResult,
} from './port.js';
import { createStandaloneErp } from './standalone/index.js';
import {
  BcRequestError,
  createBusinessCentralErp,
  readBcConfig,
  type BcClientOptions,
} from './business-central/index.js';
import { withSyncLog } from './sync-log.js';

export type { Erp, ErpMode } from './port.js';
export { withSyncLog } from './sync-log.js';

export const ERP_MODES: readonly ErpMode[] = ['standalone', 'business_central'];

/**
 * Picks the ERP implementation from ERP_MODE (default standalone); an unknown mode, or business_central with a
 * missing or bad BC_* variable (each named), stops the start. `bc` passes test options to the BC client.
 */
export function createErp(config: AppConfig, db: Db, bc: BcClientOptions = {}): Erp {
  switch (config.erpMode) {
    case 'standalone':
      return withSyncLogging(createStandaloneErp(config, db), db);
    case 'business_central':
      return withSyncLogging(createBusinessCentralErp(readBcConfig(config.env), db, bc), db);
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

/**
 * An ERP failure met inside a request (the interactive lookups: sync by phone, ERP customer details) as a clear
 * answer instead of a 500: unreachable/throttled 503, changed in the ERP 409, refused 502 with the ERP's message.
 */
export function erpHttpError(err: unknown): AppError | undefined {
  if (err instanceof ErpUnavailableError) return new AppError(503, 'erp_unavailable', err.message);
  if (err instanceof ErpConflictError) return new AppError(409, 'erp_conflict', err.message);
  if (err instanceof BcRequestError) return new AppError(502, 'erp_refused', err.message);
  return undefined;
}
