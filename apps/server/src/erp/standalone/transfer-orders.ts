import type { Db } from '../../db/client.js';
import type { ErpTransferOrders } from '../port.js';

/**
 * Standalone transfer orders. OWNED BY THE CONSIGNMENT MODULE: in standalone mode head office creates
 * transfer orders in the product itself; that module replaces this file with reads of its tables.
 * Until it lands there are no transfer orders to list.
 */
export function standaloneTransferOrders(_db: Db): ErpTransferOrders {
  return {
    async list() {
      return { value: [], nextLink: null };
    },
    async get() {
      return null;
    },
    async sync() {
      return { records: 0, message: 'Standalone: transfer orders are created in the product; nothing to pull' };
    },
  };
}
