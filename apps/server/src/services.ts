import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { JobRunner } from './jobs/queue.js';
import type { DrivePort } from './modules/drive/port.js';
import type { ShopPort } from './modules/shop/port.js';
import type { Erp } from './erp/port.js';
import type { ApiLogWriter } from './modules/system/api-log.js';
import type { MaintenanceFlag } from './modules/system/settings.js';
import type { SessionCache } from './modules/auth/session-cache.js';

/** What every route and service can reach; built once in app.ts. */
export type Services = {
  db: Db;
  /**
   * The read replica (DATABASE_READ_URL) for the reports that tolerate a few seconds of lag, else `db`. Never written;
   * a report that must see what the caller just posted reads `db`.
   */
  readDb: Db;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  log: Logger;
  jobs: JobRunner;
  /** The cloud drive: a local folder under DATA_DIR/drive, or Microsoft Graph (DRIVE_MODE=graph). */
  drive: DrivePort;
  /** The ERP port (ERP_MODE: standalone by default). */
  erp: Erp;
  /** The online shop pushes go to (SHOP_MODE: none records them, magento sends them). */
  shop: ShopPort;
  /** The api log, written in batches (flushed on app.close()). */
  apiLog: ApiLogWriter;
  /** The maintenance flag, cached; dropped by every change to `settings` in any process (db/change-notices.ts). */
  maintenance: MaintenanceFlag;
  /** The callers of sessions seen lately; dropped by every change to sessions, users, roles or permissions. */
  sessions: SessionCache;
};
