import type { Db } from '../../db/client.js';
import type { ErpTransferOrders } from '../port.js';
import { standaloneTransferOrdersOf } from '../../modules/consignment/erp.js';

/**
 * Standalone transfer orders. OWNED BY THE CONSIGNMENT MODULE: in standalone mode head office creates transfer
 * orders in the product itself, so the port reads that module's tables (modules/consignment/erp.ts).
 */
export function standaloneTransferOrders(db: Db): ErpTransferOrders {
  return standaloneTransferOrdersOf(db);
}
