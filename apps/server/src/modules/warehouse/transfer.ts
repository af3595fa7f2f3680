import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { businessDate, warehouseMessages, type WarehouseTransferPosted, type warehouseTransfer } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { D, toQty } from '../../kernel/money.js';
import { runPosting } from '../../kernel/posting.js';
import { WAREHOUSE_TRANSFER_DOC } from '../../books/checks.js';
import { assertStock, postItemEntries } from '../ledger/service.js';
import { takeNextNumber } from '../number-series/service.js';
import { franchiseAndLocation, locationOfFranchise, resolveItems, type ResolvedItem } from './items.js';
import { warehouseTransferLines, warehouseTransfers } from './schema.js';

// POST /api/warehouse/transfer (README.md here): stock moves between two locations of one franchise in one posting
// (kernel/posting.ts steps): one WT document with its lines, two item ledger entries per line (− at location_from,
// + at location_to, entry_type transfer, document_type warehouse_transfer), refused past on hand at location_from
// (assertStock, 422 naming items.<i>.quantity) unless allow_negative_stock.

export const LINE_NO_STEP = 10000;

type Input = z.output<typeof warehouseTransfer>;
type Plan = {
  franchiseCode: string;
  from: string;
  to: string;
  postingDate: string;
  lines: (ResolvedItem & { line_no: number; quantity: string; quantity_base: string })[];
};

export function postTransfer(tx: Tx, auth: Auth, body: Input): Promise<WarehouseTransferPosted> {
  return runPosting<Plan, Plan, string, WarehouseTransferPosted>(tx, 'warehouse_transfer', {
    lock: async (tx) => {
      const { franchiseCode, locationCode: from } = await franchiseAndLocation(
        tx,
        auth.scope,
        { franchise_code: body.franchise_code, location_code: body.location_from },
        'location_from',
      );
      const to = await locationOfFranchise(tx, auth.scope, franchiseCode, body.location_to, 'location_to');
      if (from === to) throw badRequest(warehouseMessages.sameLocation, 'location_to');
      const resolved = await resolveItems(tx, body.items, (i) => `items.${i}.`);
      return {
        franchiseCode,
        from,
        to,
        postingDate: body.posting_date ?? businessDate(),
        lines: resolved.map((r, i) => ({
          ...r,
          line_no: (i + 1) * LINE_NO_STEP,
          quantity: toQty(body.items[i].quantity),
          quantity_base: toQty(D(body.items[i].quantity).mul(r.perUnit)),
        })),
      };
    },
    check: async (tx, plan) => {
      await assertStock(
        tx,
        plan.franchiseCode,
        plan.lines.map((l, i) => ({
          locationCode: plan.from,
          itemNo: l.item_no,
          variantCode: l.variant_code,
          quantity: l.quantity_base,
          field: `items.${i}.quantity`,
        })),
        { verb: 'to transfer' },
      );
      return plan;
    },
    number: (tx, plan) =>
      takeNextNumber(tx, { franchiseCode: plan.franchiseCode, documentType: 'WT', date: plan.postingDate }),
    write: async (tx, plan, _p, no) => {
      const [header] = await tx
        .insert(warehouseTransfers)
        .values({
          document_no: no,
          franchise_code: plan.franchiseCode,
          location_from: plan.from,
          location_to: plan.to,
          posting_date: plan.postingDate,
          description: body.description ?? '',
          created_by: auth.userId || null,
        })
        .returning({ id: warehouseTransfers.id });
      await tx.insert(warehouseTransferLines).values(
        plan.lines.map((l) => ({
          transfer_id: header.id,
          document_no: no,
          line_no: l.line_no,
          item_no: l.item_no,
          variant_code: l.variant_code,
          description: l.description,
          unit_of_measure: l.unit_of_measure,
          qty_per_unit_of_measure: l.perUnit,
          quantity: l.quantity,
          quantity_base: l.quantity_base,
        })),
      );
      const common = {
        entry_type: 'transfer',
        franchise_code: plan.franchiseCode,
        document_type: WAREHOUSE_TRANSFER_DOC,
        document_no: no,
        posting_date: plan.postingDate,
        created_by: auth.userId || null,
      };
      await postItemEntries(
        tx,
        plan.lines.flatMap((l) => [
          {
            ...common,
            location_code: plan.from,
            item_no: l.item_no,
            variant_code: l.variant_code,
            quantity: toQty(D(l.quantity_base).neg()),
            document_line_no: l.line_no,
          },
          {
            ...common,
            location_code: plan.to,
            item_no: l.item_no,
            variant_code: l.variant_code,
            quantity: l.quantity_base,
            document_line_no: l.line_no,
          },
        ]),
      );
    },
    update: async (tx, plan, _p, no) => {
      const [header] = await tx.select().from(warehouseTransfers).where(eqNo(no));
      return {
        id: header.id,
        document_no: no,
        franchise_code: plan.franchiseCode,
        location_from: plan.from,
        location_to: plan.to,
        posting_date: plan.postingDate,
        description: header.description,
        lines: plan.lines.map((l) => ({
          line_no: l.line_no,
          item_no: l.item_no,
          variant_code: l.variant_code,
          description: l.description,
          unit_of_measure: l.unit_of_measure,
          quantity: l.quantity,
          quantity_base: l.quantity_base,
        })),
      };
    },
    // A warehouse transfer has no ERP document (the ERP port knows none): nothing to enqueue.
    enqueue: async () => {},
  });
}

const eqNo = (no: string) => eq(warehouseTransfers.document_no, no);
