import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { Erp, ErpMode } from './port.js';
import { createStandaloneErp } from './standalone/index.js';

export type { Erp, ErpMode } from './port.js';
export { withSyncLog } from './sync-log.js';

export const ERP_MODES: readonly ErpMode[] = ['standalone', 'business_central'];

/** Picks the ERP implementation from ERP_MODE (default standalone); an unknown or unavailable mode stops the start. */
export function createErp(config: AppConfig, db: Db): Erp {
  switch (config.erpMode) {
    case 'standalone':
      return createStandaloneErp(config, db);
    case 'business_central':
      throw new Error('ERP_MODE=business_central is not available yet');
    default:
      throw new Error(`ERP_MODE=${config.erpMode} is not supported (use ${ERP_MODES.join(' or ')})`);
  }
}
