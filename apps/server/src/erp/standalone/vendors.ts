import type { AppConfig } from '../../config.js';
import type { ErpVendor, ErpVendors } from '../port.js';
import { etagOf, readPaging, toPage } from './paging.js';

/** Standalone: head office is the one vendor of every franchise (DEFAULT_VENDOR_NO / DEFAULT_VENDOR_NAME). */
export function standaloneVendors(config: AppConfig): ErpVendors {
  const headOffice: ErpVendor = {
    etag: etagOf(1),
    system_id: config.defaultVendorNo,
    vendor_no: config.defaultVendorNo,
    name: config.defaultVendorName,
    address: '',
    phone_no: '',
    email: '',
    blocked: false,
  };
  const all = [headOffice];
  return {
    async list(q = {}) {
      const { top, skip } = readPaging(q);
      const matching = all.filter((v) => !q.filter?.vendor_no || v.vendor_no === q.filter.vendor_no);
      return toPage('vendors', matching.slice(skip, skip + top + 1), top, skip);
    },
    async get(vendorNo) {
      return all.find((v) => v.vendor_no === vendorNo) ?? null;
    },
  };
}
