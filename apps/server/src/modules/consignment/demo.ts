import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { systemAuth } from '../../http/context.js';
import { franchises } from '../franchises/schema.js';
import { items } from '../items/schema.js';
import { createConsignmentIssue, releaseConsignmentIssue } from './issues.js';
import { consignmentIssues, transferOrders } from './schema.js';
import { shipTransferOrder } from './transfer-orders.js';

// Demo consignment (after the franchises and the catalogue): demo franchises get consignment codes when they have
// none; HN001 gets a consignment issue released into a transfer order that head office shipped (so its
// /consignmentReceipt has something to receive), HCM001 an open issue. Made through the module's own functions; a
// franchise that already has consignment issues is left alone. Nothing is received, so the books stay clean.

const DEMO_FRANCHISES = ['HN001', 'HCM001', 'DN001'];
const seeder = systemAuth('demo-seed');

export async function seedDemoConsignment(s: Services): Promise<void> {
  const db = s.db;
  const demo = await db.select().from(franchises).where(inArray(franchises.customer_no, DEMO_FRANCHISES));
  for (const f of demo)
    if (!f.consignment_warehouse_code || !f.consignment_location_code || !f.consignment_intransit_code)
      await db
        .update(franchises)
        .set({
          consignment_warehouse_code: f.consignment_warehouse_code || 'HO-WH',
          consignment_location_code: f.consignment_location_code || `${f.customer_no}-CS`,
          consignment_intransit_code: f.consignment_intransit_code || `${f.customer_no}-IT`,
        })
        .where(eq(franchises.customer_no, f.customer_no));
  const itemNos = (
    await db
      .select({ item_no: items.item_no })
      .from(items)
      .where(eq(items.blocked, false))
      .orderBy(asc(items.item_no))
      .limit(3)
  ).map((i) => i.item_no);
  if (itemNos.length < 2) return;
  const has = async (code: string) =>
    (
      await db
        .select({ n: consignmentIssues.ci_no })
        .from(consignmentIssues)
        .where(eq(consignmentIssues.franchise_code, code))
        .limit(1)
    ).length > 0;
  const present = new Set(demo.map((f) => f.customer_no));
  const standalone = s.erp.mode === 'standalone';

  if (present.has('HN001') && !(await has('HN001')))
    await db.transaction(async (tx) => {
      const ci = await createConsignmentIssue(tx, seeder, {
        franchise_code: 'HN001',
        la_external_doc: 'DEMO-CONS-01',
        la_notes: 'Hàng ký gửi tháng này',
        lines: [
          { item_no: itemNos[0], ci_qty: '6' },
          { item_no: itemNos[1], ci_qty: '4' },
        ],
      });
      await releaseConsignmentIssue(tx, seeder, standalone, { ci_no: ci, version: 1 });
      if (!standalone) return;
      const [to] = await tx
        .select()
        .from(transferOrders)
        .where(and(eq(transferOrders.ci_no, ci), ne(transferOrders.status, 'canceled')));
      if (to) await shipTransferOrder(tx, seeder, true, { bc_to_no: to.bc_to_no, version: to.version });
    });

  if (present.has('HCM001') && !(await has('HCM001')))
    await db.transaction(async (tx) => {
      await createConsignmentIssue(tx, seeder, {
        franchise_code: 'HCM001',
        lines: [{ item_no: itemNos[0], ci_qty: '2' }],
      });
    });
}
