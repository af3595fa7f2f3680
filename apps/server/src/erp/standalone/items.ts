import type { Db } from '../../db/client.js';
import type { ErpItems } from '../port.js';

/**
 * Standalone items and prices. OWNED BY THE CATALOGUE MODULE: it replaces this file with reads of the
 * catalogue tables (items with variants and units of measure, item prices). Until the catalogue exists the
 * standalone ERP knows no items, and a sync has nothing to pull (the product is its own record).
 */
export function standaloneItems(_db: Db): ErpItems {
  return {
    async list() {
      return { value: [], nextLink: null };
    },
    async get() {
      return null;
    },
    async listPrices() {
      return { value: [], nextLink: null };
    },
    async sync() {
      return { records: 0, message: 'Standalone: the catalogue is the record; nothing to pull' };
    },
  };
}
