import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ErpPostCode, ErpPostCodes } from '../port.js';
import { readPaging, toPage } from './paging.js';

/**
 * Standalone: provinces (post_code) and districts (address_district) come from the addresses module's
 * reference table `address_units` (official GSO codes), read by name so the ERP layer does not depend on it.
 */
export function standalonePostCodes(db: Db): ErpPostCodes {
  return {
    async list(q) {
      const { top, skip } = readPaging(q);
      const code = q.filter?.code !== undefined ? sql` and code = ${String(q.filter.code)}` : sql``;
      const province = q.filter?.post_code !== undefined ? sql` and post_code = ${String(q.filter.post_code)}` : sql``;
      const res = await db.execute(
        sql`select table_code, code, name, post_code from address_units where table_code = ${q.table_code}${code}${province} order by code limit ${top + 1} offset ${skip}`,
      );
      const rows = ((res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[])) as {
        table_code: string;
        code: string;
        name: string;
        post_code: string;
      }[];
      const value: ErpPostCode[] = rows.map((r) => ({
        table_code: r.table_code as ErpPostCode['table_code'],
        code: r.code,
        name: r.name,
        city: '',
        district_code: r.table_code === 'address_district' ? r.code : '',
      }));
      return toPage('post-codes', value, top, skip);
    },
    async sync(_opts) {
      const res = await db.execute(sql`select count(*)::int as n from address_units`);
      const [row] = ((res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[])) as { n: number }[];
      return {
        records: row.n,
        message: `Standalone: ${row.n} post codes and districts from the reference table; nothing to pull`,
      };
    },
  };
}
