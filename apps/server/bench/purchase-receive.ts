import { eq, sql } from 'drizzle-orm';
import { PURCHASE_PAGES, businessDate } from '@fp/contract';
import { checkBooks, totalViolations } from '../src/books/checks.js';
import { takeNumberDirect } from '../src/books/direct.js';
import { enqueueErpDocument } from '../src/kernel/outbox.js';
import { pagePermissions, pagePermissionUsers } from '../src/modules/access/schema.js';
import { users } from '../src/modules/auth/schema.js';
import { directPurchase } from '../src/modules/purchasing/posting/direct.js';
import { freshDatabase, pct, perSecond, salesApp, targets } from './sales-harness.js';

/**
 * Receive a 20-line shipment, receipts/s: through the API (a store user; POST /api/purchase-orders/receive with 20
 * lines: auth, validation, lock, caps, the PR number, receipt and lines, 20 item ledger entries, the lines' quantities,
 * status, the ERP job, then the purchase order answer) against the same rows written directly in SQL in one
 * transaction (number, receipt, lines, ledger, lines and order updated with INSERT … SELECT / UPDATE, the same ERP
 * job). Each receipt is of its own order, released and shipped in full beforehand (not timed). On PGlite and
 * PostgreSQL; BENCH_RECEIVE_ORDERS per round (default 40 on PostgreSQL, 20 on PGlite), BENCH_ROUNDS (2). Figures
 * only; the books are checked afterwards.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LINES = 20;
const BUYER = { franchise_code: 'BP001', location_code: 'BP001-01' };

export async function benchPurchaseReceive() {
  for (const kind of targets()) {
    const n = Number(process.env.BENCH_RECEIVE_ORDERS ?? (kind === 'postgres' ? 40 : 20));
    const fresh = await freshDatabase(kind);
    const app = await salesApp(fresh.database);
    try {
      const db = app.db;
      await db.execute(sql`insert into franchises (customer_no, name, vendor_no, vendor_name)
        values ('BP001', 'Bench buyer', 'HO-V', 'Head Office')`);
      await db.execute(
        sql`insert into locations (location_code, customer_no, name) values ('BP001-01', 'BP001', 'Bench buyer 1')`,
      );
      const store = await app.user('benchreceive', 'Store Manager', 'BP001');
      const [u] = await db.select().from(users).where(eq(users.username, 'benchreceive'));
      const [perm] = await db
        .insert(pagePermissions)
        .values({
          name: 'bench-purchase',
          permission_type: 'edit',
          pages: PURCHASE_PAGES.map((page_url) => ({ page_url, permission_type: 'edit' as const })),
        })
        .returning();
      await db.insert(pagePermissionUsers).values({ page_permission_id: perm.id, admin_user_id: u.user_id });

      /** A released order of 20 lines, shipped in full by head office (HSS, HSI, vendor ledger). */
      const shippedOrder = () =>
        db.transaction((tx) =>
          directPurchase(
            tx,
            BUYER,
            Array.from({ length: LINES }, (_, i) => ({
              item_no: `BI${String(i + 1).padStart(3, '0')}`,
              purchase_qty: String((i % 5) + 1),
              unit_price: String(10000 * ((i % 7) + 1)),
            })),
            [{ ship: 'all' }],
          ),
        );
      const allLines = Array.from({ length: LINES }, (_, i) => ({
        line_no: (i + 1) * 10000,
        qty_to_receive: String((i % 5) + 1),
      }));
      const viaApi = async (po: { pos_po_no: string; version: number }) => {
        const res = await store.post('/api/purchase-orders/receive', {
          pos_po_no: po.pos_po_no,
          version: po.version,
          lines: allLines,
        });
        if (res.status !== 200) throw new Error(`receive answered ${res.status}: ${res.body.slice(0, 300)}`);
      };
      const viaSql = (po: { pos_po_no: string; version: number }) =>
        db.transaction(async (tx) => {
          const day = businessDate();
          const pr = await takeNumberDirect(tx, 'BP001', 'PR', day);
          await tx.execute(sql`insert into purchase_receipts (pos_pr_no, pos_po_no, franchise_code, location_code,
              vendor_no, vendor_name, order_date, posting_date)
            select ${pr}, pos_po_no, franchise_code, location_code, vendor_no, vendor_name, order_date, ${day}::date
            from purchase_orders where pos_po_no = ${po.pos_po_no}`);
          await tx.execute(sql`insert into purchase_receipt_lines (pos_pr_no, line_no, order_line_no, item_no,
              variant_code, description, unit_of_measure, qty_per_unit_of_measure, location_code, quantity, unit_price,
              line_discount_amount, amount, vat_percent)
            select ${pr}, line_no, line_no, item_no, variant_code, description, unit_of_measure, qty_per_unit_of_measure,
              location_code, qty_shipped - qty_received, unit_price, line_discount_amount, amount, vat_percent
            from purchase_order_lines where pos_po_no = ${po.pos_po_no}`);
          await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no,
              variant_code, quantity, document_type, document_no, document_line_no, order_no, posting_date)
            select 'purchase', 'BP001', location_code, item_no, variant_code,
              round((qty_shipped - qty_received) * qty_per_unit_of_measure, 5), 'purchase_receipt', ${pr}, line_no,
              pos_po_no, ${day}::date
            from purchase_order_lines where pos_po_no = ${po.pos_po_no}`);
          await tx.execute(sql`update purchase_order_lines set qty_received = qty_shipped, version = version + 1,
              updated_at = now() where pos_po_no = ${po.pos_po_no}`);
          await tx.execute(sql`update purchase_orders set status = 'invoiced', posting_date = ${day}::date,
              version = version + 1, updated_at = now() where pos_po_no = ${po.pos_po_no} and version = ${po.version}`);
          await enqueueErpDocument(tx, {
            kind: 'purchase_order',
            documentNo: po.pos_po_no,
            action: 'post',
            postedKind: 'purchase_receipt',
            postedNo: pr,
          });
        });

      const statements = async (fn: () => Promise<unknown>) => {
        fresh.captured.length = 0;
        fresh.state.capturing = true;
        try {
          await fn();
        } finally {
          fresh.state.capturing = false;
        }
        return fresh.captured.length;
      };
      let po = await shippedOrder();
      const apiStatements = await statements(() => viaApi(po));
      po = await shippedOrder();
      const sqlStatements = await statements(() => viaSql(po));
      const times = { api: [] as number[], sql: [] as number[] };
      for (let r = 0; r < ROUNDS; r++) {
        for (const [way, run] of [
          ['api', viaApi],
          ['sql', viaSql],
        ] as const) {
          const orders = [];
          for (let i = 0; i < n; i++) orders.push(await shippedOrder());
          for (const o of orders) {
            const t0 = performance.now();
            await run(o);
            times[way].push(performance.now() - t0);
          }
        }
      }
      const line = (label: string, ms: number[]) =>
        console.log(
          `${kind.padEnd(8)}  ${label.padEnd(58)} ${perSecond(ms).toFixed(1).padStart(7)} receipts/s  p50=${pct(ms, 50).toFixed(1)} ms  p99=${pct(ms, 99).toFixed(1)} ms  (${ms.length})`,
        );
      line(`API: receive a ${LINES}-line shipment, ${apiStatements} statements`, times.api);
      line(`SQL: the same rows in one transaction, ${sqlStatements} statements`, times.sql);
      console.log(`${kind.padEnd(8)}  API / SQL: ${(perSecond(times.api) / perSecond(times.sql)).toFixed(2)}×`);
      const books = await checkBooks(db);
      const bad = books.filter((b) => b.violations > 0);
      console.log(
        `${kind.padEnd(8)}  check:books afterwards: ${totalViolations(books)} violations${bad.length ? ': ' + bad.map((b) => `${b.name} ${b.violations}`).join('; ') : ''}`,
      );
    } finally {
      await app.close();
      await fresh.database.close();
      await fresh.drop();
    }
  }
}
