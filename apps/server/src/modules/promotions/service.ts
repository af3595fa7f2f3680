import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Promotion,
  promotionCreate,
  promotionRemove,
  promotionUpdate,
  salesAutoPromotion,
  salesBirthdayPromotion,
  salesCouponApply,
  salesCouponCheck,
  salesCouponRemove,
  SalesCouponCheckResult,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump } from '../../db/versioned.js';
import { badRequest, businessRule, conflict, forbidden, notFound, staleVersion } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { Scope } from '../../http/scope.js';
import { D, toMoney } from '../../kernel/money.js';
import { categories } from '../categories/schema.js';
import { customers } from '../customers/schema.js';
import { franchises } from '../franchises/schema.js';
import { items } from '../items/schema.js';
import { useBirthdayPromotion } from '../loyalty/birthday.js';
import { birthdayPromotionUses } from '../loyalty/schema.js';
import { finishDocumentChange, type KnownDocument } from '../sales/lines.js';
import {
  assertSalesEditable,
  findSalesOrder,
  knownOrder,
  lockSalesOrder,
  salesEntityOf,
  type SalesOrderRow,
} from '../sales/load.js';
import { salesOrderLines } from '../sales/schema.js';
import { couponRules } from '@fp/contract/pricing';
import {
  couponUsesOf,
  evaluatePromotions,
  itemCategoriesOf,
  takesPromotions,
  termsProblem,
  type PromotionRow,
} from './apply.js';
import { couponUses, promotions, salesOrderPromotions } from './schema.js';

const PROMOTION = 'Promotion';

// ---------- the catalogue ----------

// The promotion's id written with its table: inside the subquery an unqualified "id" would be coupon_uses.id.
const usedCount = sql<number>`(select count(*)::int from ${couponUses} where ${couponUses.promotion_id} = ${sql.identifier('promotions')}.${sql.identifier('id')})`;
const columns = { ...getTableColumns(promotions), used_count: usedCount.mapWith(Number) };

export const promotionList: ListSpec<Promotion, Promotion> = {
  source: (db, extra) =>
    db
      .select({ ...columns, ...extra })
      .from(promotions)
      .$dynamic(),
  fields: {
    id: promotions.id,
    code: promotions.code,
    description: promotions.description,
    kind: promotions.kind,
    coupon_code: promotions.coupon_code,
    discount_type: promotions.discount_type,
    discount_value: promotions.discount_value,
    scope: promotions.scope,
    min_order_amount: promotions.min_order_amount,
    valid_from: promotions.valid_from,
    valid_to: promotions.valid_to,
    usage_limit: promotions.usage_limit,
    priority: promotions.priority,
    is_active: promotions.is_active,
    updated_at: promotions.updated_at,
  },
  filterable: [
    'id',
    'code',
    'description',
    'kind',
    'coupon_code',
    'discount_type',
    'scope',
    'valid_from',
    'valid_to',
    'priority',
    'is_active',
  ],
  sortable: ['id', 'code', 'description', 'kind', 'coupon_code', 'valid_from', 'valid_to', 'priority', 'updated_at'],
  defaultSort: { field: 'code', direction: 'asc' },
  key: promotions.id,
};

/** A store user sees the promotions of every franchise and those naming theirs; head office sees all. */
export const promotionScope = (s: Scope) =>
  s.all
    ? undefined
    : sql`(cardinality(${promotions.franchise_codes}) = 0 or ${s.franchiseCode} = any(${promotions.franchise_codes}))`;

async function readPromotion(db: DbOrTx, id: number): Promise<Promotion> {
  const [row] = await db.select(columns).from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound(PROMOTION);
  return row;
}

const headOfficeOnly = (scope: Scope) => {
  if (!scope.all) throw forbidden('Only head office can change promotions');
};

type PromotionValues = z.output<typeof promotionCreate>;

/** The rules across fields and against the other tables, each a 400 naming its field (or 409 for a duplicate). */
async function assertPromotion(db: DbOrTx, v: PromotionValues, exceptId?: number) {
  if (v.kind === 'coupon' && !v.coupon_code) throw badRequest('coupon_code is required for a coupon', 'coupon_code');
  if (v.kind === 'auto' && v.coupon_code)
    throw badRequest('coupon_code is only for a coupon (kind coupon)', 'coupon_code');
  if (v.kind === 'auto' && v.usage_limit !== null)
    throw badRequest('usage_limit is only for a coupon (kind coupon)', 'usage_limit');
  if (v.discount_type === 'percent' && D(v.discount_value).gt(100))
    throw badRequest('discount_value must be at most 100 for a percent', 'discount_value');
  if (v.valid_to < v.valid_from) throw badRequest('valid_to must not be before valid_from', 'valid_to');
  if (v.scope === 'all' && v.scope_values.length)
    throw badRequest('scope_values must be empty for scope all', 'scope_values');
  if (v.scope !== 'all' && !v.scope_values.length)
    throw badRequest(`scope_values must name at least one ${v.scope}`, 'scope_values');
  if (v.scope === 'category') {
    const ids = v.scope_values.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647))
      throw badRequest('scope_values must be category ids', 'scope_values');
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
    const missing = ids.filter((n) => !found.some((f) => f.id === n));
    if (missing.length) throw badRequest(`Category ${missing.join(', ')} not found`, 'scope_values');
  }
  if (v.scope === 'item') {
    const found = await db.select({ no: items.item_no }).from(items).where(inArray(items.item_no, v.scope_values));
    const missing = v.scope_values.filter((n) => !found.some((f) => f.no === n));
    if (missing.length) throw badRequest(`Item ${missing.join(', ')} not found`, 'scope_values');
  }
  if (v.franchise_codes.length) {
    const found = await db
      .select({ code: franchises.customer_no })
      .from(franchises)
      .where(inArray(franchises.customer_no, v.franchise_codes));
    const missing = v.franchise_codes.filter((c) => !found.some((f) => f.code === c));
    if (missing.length) throw badRequest(`Franchise ${missing.join(', ')} not found`, 'franchise_codes');
  }
  const dups = await db
    .select({ id: promotions.id, code: promotions.code, coupon_code: promotions.coupon_code })
    .from(promotions)
    .where(or(eq(promotions.code, v.code), v.coupon_code ? eq(promotions.coupon_code, v.coupon_code) : undefined));
  for (const d of dups.filter((d) => d.id !== exceptId)) {
    if (d.code === v.code) throw conflict(`Promotion code ${v.code} already exists`, 'duplicate', 'code');
    throw conflict(`Coupon code ${v.coupon_code} already exists`, 'duplicate', 'coupon_code');
  }
}

const normalize = (v: PromotionValues): PromotionValues => ({
  ...v,
  franchise_codes: [...new Set(v.franchise_codes.map((c) => c.toUpperCase()))],
  scope_values: [...new Set(v.scope_values)],
  discount_value: toMoney(v.discount_value),
  min_order_amount: toMoney(v.min_order_amount),
});

export async function createPromotion(tx: Tx, scope: Scope, input: PromotionValues): Promise<Promotion> {
  headOfficeOnly(scope);
  const v = normalize(input);
  await assertPromotion(tx, v);
  const [row] = await tx.insert(promotions).values(v).returning({ id: promotions.id });
  return readPromotion(tx, row.id);
}

export async function updatePromotion(
  tx: Tx,
  scope: Scope,
  input: z.output<typeof promotionUpdate>,
): Promise<Promotion> {
  headOfficeOnly(scope);
  const { id, version, ...given } = input;
  const [current] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  if (!current) throw notFound(PROMOTION);
  if (current.version !== version) throw staleVersion();
  const changes = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const { id: _id, version: _v, created_at: _c, updated_at: _u, ...base } = current;
  const v = normalize({ ...base, ...changes } as PromotionValues);
  if (changes.kind === 'auto' && current.kind === 'coupon' && given.coupon_code === undefined) v.coupon_code = '';
  if (changes.kind === 'auto' && current.kind === 'coupon' && given.usage_limit === undefined) v.usage_limit = null;
  await assertPromotion(tx, v, id);
  if (current.kind === 'coupon' && (v.kind !== 'coupon' || v.coupon_code !== current.coupon_code)) {
    if ((await couponUsesOf(tx, id, '')) > 0)
      throw businessRule(
        `Coupon ${current.coupon_code} is used by orders; its code and kind cannot change`,
        'coupon_in_use',
        'coupon_code',
      );
  }
  await tx
    .update(promotions)
    .set({ ...v, ...bump(promotions.version) })
    .where(eq(promotions.id, id));
  return readPromotion(tx, id);
}

/** Deleted when no order ever used it (no coupon use, no applied record), else deactivated. */
export async function removePromotion(tx: Tx, scope: Scope, input: z.output<typeof promotionRemove>) {
  headOfficeOnly(scope);
  const [current] = await tx.select().from(promotions).where(eq(promotions.id, input.id)).for('update');
  if (!current) throw notFound(PROMOTION);
  if (current.version !== input.version) throw staleVersion();
  const [used] = await tx
    .execute(
      sql`
    select exists (select 1 from ${couponUses} where ${couponUses.promotion_id} = ${input.id})
        or exists (select 1 from ${salesOrderPromotions} where ${salesOrderPromotions.promotion_id} = ${input.id}) as used`,
    )
    .then((r) => (r as unknown as { rows?: { used: boolean }[] }).rows ?? (r as unknown as { used: boolean }[]));
  if (used?.used) {
    await tx
      .update(promotions)
      .set({ is_active: false, ...bump(promotions.version) })
      .where(eq(promotions.id, input.id));
    return { id: input.id, outcome: 'deactivated' as const };
  }
  await tx.delete(promotions).where(eq(promotions.id, input.id));
  return { id: input.id, outcome: 'deleted' as const };
}

// ---------- on a sales order ----------

const itemLinesOf = (db: DbOrTx, posSoNo: string) =>
  db
    .select()
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.pos_so_no, posSoNo), eq(salesOrderLines.line_type, 'item')));

/** Promotions change on an open order only (a quote shows catalogue prices). */
function assertPromotable(doc: SalesOrderRow, field: string) {
  if (!takesPromotions(doc))
    throw businessRule(
      `A ${salesEntityOf(doc.document_type).toLowerCase()} cannot take promotions`,
      'status_not_allowed',
      field,
    );
  assertSalesEditable(doc, 'promotions');
}

/**
 * PUT …/auto-promotion. `known`: the order as the caller holds it, locked or created in this transaction (the counter
 * sale, issue 22): checked as the locked row would be, not read again. Answers the header as written.
 */
export async function setAutoPromotion(
  tx: Tx,
  scope: Scope,
  body: z.output<typeof salesAutoPromotion>,
  known?: KnownDocument,
): Promise<SalesOrderRow> {
  const doc = known
    ? knownOrder(scope, known.header, body.version)
    : await lockSalesOrder(tx, scope, body.pos_so_no, body.version);
  assertPromotable(doc, 'auto_promotion');
  return finishDocumentChange(tx, doc.pos_so_no, { auto_promotion: body.auto_promotion }, { known });
}

async function customerOfOrder(tx: Tx, doc: SalesOrderRow) {
  if (!doc.sell_to_code)
    throw businessRule('Choose a customer before using the birthday promotion', 'release_incomplete', 'sell_to_code');
  const [c] = await tx.select().from(customers).where(eq(customers.customer_no, doc.sell_to_code));
  if (!c) throw notFound('Customer');
  return c;
}

export async function setBirthdayPromotion(tx: Tx, scope: Scope, body: z.output<typeof salesBirthdayPromotion>) {
  const doc = await lockSalesOrder(tx, scope, body.pos_so_no, body.version);
  assertPromotable(doc, 'loyalty_birthday_used');
  if (body.loyalty_birthday_used)
    await useBirthdayPromotion(tx, await customerOfOrder(tx, doc), doc.pos_so_no, doc.order_date);
  else await giveBirthdayBack(tx, doc.pos_so_no);
  await finishDocumentChange(tx, doc.pos_so_no, { loyalty_birthday_used: body.loyalty_birthday_used });
}

type Verdict = SalesCouponCheckResult & { promotion?: PromotionRow };

/**
 * Whether a coupon is valid for an order and why not (the check and the apply use the same verdict). `lock` locks
 * the coupon row (FOR UPDATE) before its uses are counted, so concurrent applications never pass the limit.
 */
async function couponVerdict(tx: DbOrTx, doc: SalesOrderRow, code: string, lock = false): Promise<Verdict> {
  const q = tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.kind, 'coupon'), eq(promotions.coupon_code, code)));
  const [p] = lock ? await q.for('update') : await q;
  // The rules are the contract's (couponRules, shared with the offline counter); the rows come from here.
  const known = p && doc.coupon_code !== code && termsProblem(p, doc, 'coupon') === null;
  const lines = known ? await itemLinesOf(tx, doc.pos_so_no) : [];
  const evaluation = known ? await evaluatePromotions(tx, doc, lines, { couponCode: '' }) : null;
  const cats = known ? await itemCategoriesOf(tx, lines, [p]) : new Map();
  const usesByOthers = known && p.usage_limit !== null ? await couponUsesOf(tx, p.id, doc.pos_so_no) : 0;
  const verdict = couponRules({
    code,
    promotion: p,
    order: doc,
    lines,
    cats,
    usesByOthers,
    auto: evaluation?.auto ?? null,
  });
  return { valid: verdict.valid, reason: verdict.reason, discount: verdict.discount, promotion: verdict.promotion };
}

/** POST /api/sales-orders/coupon-check: the verdict, nothing changes. */
export async function checkCoupon(
  db: DbOrTx,
  scope: Scope,
  body: z.output<typeof salesCouponCheck>,
): Promise<SalesCouponCheckResult> {
  const doc = await findSalesOrder(db, scope, body.pos_so_no);
  if (!takesPromotions(doc))
    return {
      valid: false,
      reason: `A ${salesEntityOf(doc.document_type).toLowerCase()} cannot take promotions`,
      discount: '0.00',
    };
  if (doc.status !== 'open')
    return {
      valid: false,
      reason: `${salesEntityOf(doc.document_type)} in status ${doc.status} cannot change promotions`,
      discount: '0.00',
    };
  const { valid, reason, discount } = await couponVerdict(db, doc, body.coupon_code);
  return { valid, reason, discount };
}

/**
 * PUT /api/sales-orders/coupon: the order locked (version), the coupon locked, the verdict (422 naming coupon_code
 * with the check's reason), the order's previous coupon use replaced by this one, then the order recomputed.
 */
export async function applyCoupon(tx: Tx, scope: Scope, body: z.output<typeof salesCouponApply>) {
  const doc = await lockSalesOrder(tx, scope, body.pos_so_no, body.version);
  assertPromotable(doc, 'coupon_code');
  const verdict = await couponVerdict(tx, doc, body.coupon_code, true);
  if (!verdict.valid || !verdict.promotion) throw businessRule(verdict.reason, 'coupon_invalid', 'coupon_code');
  await tx.delete(couponUses).where(eq(couponUses.pos_so_no, doc.pos_so_no));
  await tx.insert(couponUses).values({ promotion_id: verdict.promotion.id, pos_so_no: doc.pos_so_no });
  await finishDocumentChange(tx, doc.pos_so_no, { coupon_code: body.coupon_code });
}

/** POST /api/sales-orders/coupon/remove: the coupon off an open order, its use given back. */
export async function removeCoupon(tx: Tx, scope: Scope, body: z.output<typeof salesCouponRemove>) {
  const doc = await lockSalesOrder(tx, scope, body.pos_so_no, body.version);
  assertPromotable(doc, 'coupon_code');
  if (!doc.coupon_code) throw businessRule('The order has no coupon', 'coupon_invalid', 'coupon_code');
  await tx.delete(couponUses).where(eq(couponUses.pos_so_no, doc.pos_so_no));
  await finishDocumentChange(tx, doc.pos_so_no, { coupon_code: '' });
}

/** Gives back the birthday promotion an order holds, whichever customer it was taken for (the customer may have changed). */
const giveBirthdayBack = (tx: Tx, posSoNo: string) =>
  tx.delete(birthdayPromotionUses).where(eq(birthdayPromotionUses.pos_so_no, posSoNo));

/** Canceling an order gives its coupon use and the customer's birthday promotion of the year back (sales/status.ts). */
export async function releaseOrderPromotions(tx: Tx, doc: SalesOrderRow): Promise<void> {
  if (!takesPromotions(doc)) return;
  if (doc.coupon_code) await tx.delete(couponUses).where(eq(couponUses.pos_so_no, doc.pos_so_no));
  if (doc.loyalty_birthday_used) await giveBirthdayBack(tx, doc.pos_so_no);
}
