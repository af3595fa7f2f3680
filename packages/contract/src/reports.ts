import { z } from 'zod';
import { optionalText } from './validators.js';
import { int32 } from './common.js';
import { dateInput } from './catalogue-common.js';
import { listRequest } from './filter.js';
import { warehouseMessages } from './warehouse.js';
import { revenueDocumentTypes } from './constants.js';

// Reports (issue 11; api.md Reports, calls.md 7.12/7.13): every figure is derived from posted documents and ledgers.
// Revenue comes from the sales value entries (one row per posted invoice or credit memo line, plus the header
// discount and fees), written in the posting transaction: invoices count +, credit memos −, by posting date.
// Money is a decimal string with 2 decimals, quantities with up to 5; dates YYYY-MM-DD business dates.

export const reportMessages = {
  /** 400 naming to_date (the same words as the stock reports). */
  dateOrder: warehouseMessages.dateOrder,
  salesHistoryNotFound: 'Sales order not found',
  /** 400 naming to_date: the new-customers chart answers one point per day, at most this many. */
  chartTooLong: (days: number) => `The chart covers at most ${days} days`,
} as const;
/** The most days the new-customers chart answers (POST /api/reports/new-customers/by-day). */
export const MAX_CHART_DAYS = 366;

/** The groupings of the revenue summary (default day). */
export const revenueGroupBys = ['franchise', 'location', 'day', 'month', 'sales_type'] as const;
export type RevenueGroupBy = (typeof revenueGroupBys)[number];

/**
 * Filters the revenue summary applies before it groups (each may also be sent as a list filter of the same field
 * name, eq / in / like, in `filters`): the franchise, the document's location, its sales type, a line's item or
 * the item's category.
 */
export const revenueEntryFilters = [
  'franchise_code',
  'location_code',
  'sales_type',
  'item_no',
  'category_code',
] as const;

const dateRange = { from_date: dateInput(), to_date: dateInput() };
/** from_date ≤ to_date (400 naming to_date). */
const checkRange = <T extends { from_date: string; to_date: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.from_date > v.to_date) ctx.addIssue({ code: 'custom', message: reportMessages.dateOrder, path: ['to_date'] });
};
const code = () => optionalText(100).optional();

/** POST /api/reports/revenue/summary (+ /total, /export): list body + dates, grouping and the entry filters. */
export const revenueSummaryRequest = listRequest
  .extend({
    ...dateRange,
    group_by: z
      .enum(revenueGroupBys, { error: `group_by must be one of ${revenueGroupBys.join(', ')}` })
      .optional()
      .default('day'),
    franchise_code: code(),
    location_code: code(),
    sales_type: code(),
    item_no: code(),
    category_code: code(),
  })
  .superRefine(checkRange);
export type RevenueSummaryRequest = z.input<typeof revenueSummaryRequest>;

const figures = {
  /** Posted documents (invoices and credit memos) with an entry in the group. */
  documents: int32(),
  /** Σ line quantities (credit memos negative). */
  quantity: z.string(),
  /** Σ invoices. */
  sales_amount: z.string(),
  /** Σ credit memos (positive). */
  return_amount: z.string(),
  /** sales_amount − return_amount. */
  net_amount: z.string(),
};

/**
 * One group: key = franchise code, location code, YYYY-MM-DD, YYYY-MM or sales type; label = the franchise's or
 * location's name, the date as DD-MM-YYYY, the month as MM-YYYY, the sales type. Filterable and sortable: key,
 * label, documents, quantity, sales_amount, return_amount, net_amount (default key ascending).
 */
export const revenueSummaryRow = z.object({ key: z.string(), label: z.string(), ...figures });
export type RevenueSummaryRow = z.output<typeof revenueSummaryRow>;

/** The totals of the same request: Σ of every row (pagination and sort ignored). */
export const revenueTotal = z.object(figures);
export type RevenueTotal = z.output<typeof revenueTotal>;

/** POST /api/reports/revenue/detail (+ /total, /export): list body + dates and an optional document number. */
export const revenueDetailRequest = listRequest.extend({ ...dateRange, document_no: code() }).superRefine(checkRange);
export type RevenueDetailRequest = z.input<typeof revenueDetailRequest>;

export type RevenueDocumentType = (typeof revenueDocumentTypes)[number];

/**
 * One posted document: an invoice (SI, amount +) or a credit memo (SCM, quantity and amount −). pos_so_no is the
 * order it bills or credits. Filterable and sortable: every field (default posting_date descending).
 */
export const revenueDetailRow = z.object({
  document_type: z.enum(revenueDocumentTypes),
  document_no: z.string(),
  pos_so_no: z.string(),
  posting_date: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  sales_type: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  quantity: z.string(),
  amount: z.string(),
});
export type RevenueDetailRow = z.output<typeof revenueDetailRow>;

/**
 * POST /api/sales-history/filter: per order a customer bought (at least one posted invoice). lines = invoiced lines,
 * quantity and amount = Σ its invoices. Filterable and sortable: every field (default order_date descending);
 * order_date takes gteq/lteq.
 */
export const salesHistoryRow = z.object({
  pos_so_no: z.string(),
  order_date: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  sales_type: z.string(),
  lines: int32(),
  quantity: z.string(),
  amount: z.string(),
  status: z.string(),
});
export type SalesHistoryRow = z.output<typeof salesHistoryRow>;

export const salesHistoryParams = z.object({ pos_so_no: z.string().trim().min(1).max(100) });

/** GET /api/sales-history/{pos_so_no}: the order with its invoices and their lines. */
export const salesHistoryDetail = salesHistoryRow.extend({
  invoices: z.array(z.object({ pos_si_no: z.string(), posting_date: z.string(), amount: z.string() })),
  invoiced_lines: z.array(
    z.object({
      pos_si_no: z.string(),
      line_no: int32(),
      item_no: z.string(),
      variant_code: z.string(),
      description: z.string(),
      unit_of_measure: z.string(),
      quantity: z.string(),
      unit_price: z.string(),
      line_discount_amount: z.string(),
      amount: z.string(),
    }),
  ),
  /** Σ credit memos of the order (positive). */
  credited_amount: z.string(),
});
export type SalesHistoryDetail = z.output<typeof salesHistoryDetail>;

/** POST /api/reports/new-customers (+ /by-day, /export): customers created between the dates (business dates). */
export const newCustomersRequest = listRequest.extend(dateRange).superRefine(checkRange);
export type NewCustomersRequest = z.input<typeof newCustomersRequest>;

/**
 * A customer created in the range, with the first order (not canceled) it placed ('' / null when none).
 * Filterable and sortable: every field (default created_date descending).
 */
export const newCustomerRow = z.object({
  customer_no: z.string(),
  name: z.string(),
  phone_no: z.string(),
  franchise_code: z.string(),
  franchise_name: z.string(),
  location_code: z.string(),
  created_date: z.string(),
  first_order_no: z.string(),
  first_order_date: z.string().nullable(),
});
export type NewCustomerRow = z.output<typeof newCustomerRow>;

/** The chart of the same request (list filters applied): customers per creation day, every day of the range. */
export const newCustomersByDay = z.object({
  from_date: z.string(),
  to_date: z.string(),
  total: int32(),
  days: z.array(z.object({ date: z.string(), customers: int32() })),
});
export type NewCustomersByDay = z.output<typeof newCustomersByDay>;

/** POST /api/reports/redeemable-points-used (+ /total, /export). */
export const pointsUsedRequest = listRequest.extend(dateRange).superRefine(checkRange);
export type PointsUsedRequest = z.input<typeof pointsUsedRequest>;

/**
 * One use of redeemable points (a ledger entry 'used' not reversed): posting_date = its business date; value =
 * points × the loyalty point value (counter settings). Filterable and sortable: every field (default posting_date
 * descending).
 */
export const pointsUsedRow = z.object({
  id: z.number(),
  pos_so_no: z.string(),
  customer_no: z.string(),
  customer_name: z.string(),
  franchise_code: z.string(),
  referral_code: z.string(),
  redeemable_point_used: z.string(),
  source: z.string(),
  website_no: z.string(),
  posting_date: z.string(),
  value: z.string(),
});
export type PointsUsedRow = z.output<typeof pointsUsedRow>;

export const pointsUsedTotal = z.object({ entries: int32(), redeemable_point_used: z.string(), value: z.string() });
export type PointsUsedTotal = z.output<typeof pointsUsedTotal>;

/** GET /api/home for a store user: today's figures of the user's franchise (business date). */
export const storeHome = z.object({
  kind: z.literal('store'),
  franchise_code: z.string(),
  business_date: z.string(),
  /** Σ invoices posted today and the number of orders they bill. */
  today: z.object({ sales_amount: z.string(), orders: int32() }),
  /** Sales orders neither invoiced nor canceled. */
  open_orders: int32(),
  /** Expected cash of the open shifts (opening float + processed cash receipts); null without an open shift. */
  cash_in_drawer: z.string().nullable(),
  low_stock_threshold: z.string(),
  /** Items on hand ≤ the threshold (items that have stock movements at a location), lowest first, at most 20. */
  low_stock: z.array(
    z.object({
      location_code: z.string(),
      item_no: z.string(),
      variant_code: z.string(),
      description: z.string(),
      quantity: z.string(),
    }),
  ),
});
/** GET /api/home for head office: net revenue per franchise this month against last month (business dates). */
export const headOfficeHome = z.object({
  kind: z.literal('head_office'),
  business_date: z.string(),
  this_month: z.object({ from_date: z.string(), to_date: z.string() }),
  last_month: z.object({ from_date: z.string(), to_date: z.string() }),
  revenue_by_franchise: z.array(
    z.object({ franchise_code: z.string(), name: z.string(), this_month: z.string(), last_month: z.string() }),
  ),
});
export const home = z.discriminatedUnion('kind', [storeHome, headOfficeHome]);
export type Home = z.output<typeof home>;
export type StoreHome = z.output<typeof storeHome>;
export type HeadOfficeHome = z.output<typeof headOfficeHome>;
