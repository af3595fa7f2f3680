import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { COUNTRY_REGION_CODE } from '@fp/contract';
import type { Db } from '../../db/client.js';
import { franchises } from '../../modules/franchises/schema.js';
import type { ErpCustomer, ErpCustomers } from '../port.js';
import { etagOf, readPaging, toPage } from './paging.js';

const toCustomer = (f: typeof franchises.$inferSelect): ErpCustomer => ({
  etag: etagOf(f.version),
  system_id: String(f.id),
  customer_no: f.customer_no,
  name: f.name,
  address: f.address,
  address_2: f.address_2,
  district_code: f.district_code,
  city: f.city,
  post_code: f.post_code,
  country_region_code: COUNTRY_REGION_CODE,
  phone_no: f.phone_no,
  email: f.email,
  contact: f.contact,
  is_franchise: true,
  blocked: !f.is_active,
});

/**
 * Standalone: the head office's customers are its franchises (the franchises table). Retail customers of a
 * store are the customers module's own records and are looked up there, not through the ERP port.
 */
export function standaloneCustomers(db: Db): ErpCustomers {
  return {
    async list(q = {}) {
      const { top, skip } = readPaging(q);
      const where = and(
        q.since ? gt(franchises.updated_at, q.since) : undefined,
        q.filter?.customer_no ? eq(franchises.customer_no, String(q.filter.customer_no)) : undefined,
      );
      const rows = await db
        .select()
        .from(franchises)
        .where(where)
        .orderBy(asc(franchises.customer_no))
        .limit(top + 1)
        .offset(skip);
      return toPage('customers', rows.map(toCustomer), top, skip);
    },
    async get(customerNo) {
      const [row] = await db.select().from(franchises).where(eq(franchises.customer_no, customerNo));
      return row ? toCustomer(row) : null;
    },
    async findByPhone(phoneNo) {
      const [row] = await db
        .select()
        .from(franchises)
        .where(eq(franchises.phone_no, phoneNo))
        .orderBy(asc(franchises.customer_no))
        .limit(1);
      return row ? toCustomer(row) : null;
    },
    async sync(_opts) {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(franchises);
      return {
        records: n,
        message: `Standalone: ${n} franchise customer(s) are the product's own records; nothing to pull`,
      };
    },
  };
}
