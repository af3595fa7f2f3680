import { z } from 'zod';
import { id, int32, version } from './common.js';
import { moneyInput } from './catalogue-common.js';
import { printResult } from './devices.js';
import { messages, requiredText } from './validators.js';
import { shiftStatuses } from './constants.js';
import { documentMessages } from './documents.js';

// Shifts (issue 11, COMMON "Shifts and VietQR"; api.md "shifts"): a cashier opens a location's drawer with a counted
// float and closes it with a counted amount per payment method; receipts processed while it is open belong to it.
// Money is a decimal string with 2 decimals.

/** The payment methods counted at close, each exactly once. */
export const shiftCountedMethods = ['cash', 'card', 'transfer'] as const;
export type ShiftCountedMethod = (typeof shiftCountedMethods)[number];
export type { ShiftStatus } from './machines.js';
/** X: the running figures of an open shift; Z: the final figures of a closed one. */
export const shiftReportKinds = ['X', 'Z'] as const;
export type ShiftReportKind = (typeof shiftReportKinds)[number];

/** The messages the server answers (and the screens show). */
export const shiftMessages = {
  alreadyOpen: (location: string) => `Location ${location} already has an open shift; close it before opening another`,
  notOpen: documentMessages.shiftClosed,
  xNeedsOpen: (shiftNo: string) => `Shift ${shiftNo} is closed; an X report is for an open shift (print the Z report)`,
  zNeedsClosed: (shiftNo: string) => `Shift ${shiftNo} is still open; a Z report is printed once the shift is closed`,
  methodTwice: (method: string) => `${method} is counted more than once`,
  methodMissing: (method: string) => `The counted amount for ${method} is required`,
  /** Issue 17: a cash receipt where the franchise's cash needs an open shift and the location has none. */
  cashNeedsOpenShift: (location: string) => `Open a shift at ${location} before taking cash`,
} as const;

/** POST /api/shifts/open. */
export const shiftOpen = z.object({
  location_code: requiredText(30),
  /** The cash counted into the drawer at the start (≥ 0). */
  opening_float: moneyInput('opening_float'),
});
export type ShiftOpen = z.input<typeof shiftOpen>;

const countedMethod = z.enum(shiftCountedMethods, {
  error: `payment_method must be one of ${shiftCountedMethods.join(', ')}`,
});

/** POST /api/shifts/close: what was counted per method (cash, card and transfer, each once; amounts ≥ 0). */
export const shiftClose = z.object({
  shift_id: id,
  version,
  counted: z
    .array(z.object({ payment_method: countedMethod, amount: moneyInput('amount') }), {
      error: 'counted must be a list',
    })
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (seen.has(r.payment_method))
          ctx.addIssue({
            code: 'custom',
            message: shiftMessages.methodTwice(r.payment_method),
            path: [i, 'payment_method'],
          });
        seen.add(r.payment_method);
      });
      for (const m of shiftCountedMethods)
        if (!seen.has(m)) ctx.addIssue({ code: 'custom', message: shiftMessages.methodMissing(m), path: [] });
    }),
});
export type ShiftClose = z.input<typeof shiftClose>;

/** GET /api/shifts/current?location_code=. */
export const shiftCurrentQuery = z.object({ location_code: requiredText(30) });

/** POST /api/shifts/report. */
export const shiftReportRequest = z.object({
  shift_id: id,
  kind: z.enum(shiftReportKinds, {
    error: (iss) =>
      iss.input === undefined || iss.input === ''
        ? messages.required
        : `kind must be one of ${shiftReportKinds.join(', ')}`,
  }),
});
export type ShiftReportRequest = z.input<typeof shiftReportRequest>;

/** A shift as listed (POST /api/shifts/filter). */
export const shift = z.object({
  id: int32(),
  shift_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  status: z.enum(shiftStatuses),
  opening_float: z.string(),
  business_date: z.string(),
  opened_by: int32().nullable(),
  /** The cashier who opened it (user name). */
  opened_by_name: z.string(),
  opened_at: z.string(),
  closed_by: int32().nullable(),
  closed_by_name: z.string(),
  closed_at: z.string().nullable(),
  /** Processed receipts of the shift (every method). */
  receipt_count: int32(),
  /** Σ amounts of those receipts (every method). */
  total_amount: z.string(),
  /** Σ counted − expected over the counted methods; null while open. */
  difference: z.string().nullable(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Shift = z.infer<typeof shift>;

/** Per counted method: the receipts, what the drawer should hold, and (once closed) what was counted. */
export const shiftMethodFigures = z.object({
  payment_method: z.enum(shiftCountedMethods),
  receipt_count: int32(),
  /** Σ the shift's processed receipts of the method. */
  receipts_amount: z.string(),
  /** receipts_amount, + the opening float for cash. */
  expected_amount: z.string(),
  counted_amount: z.string().nullable(),
  /** counted − expected; null while open. */
  difference: z.string().nullable(),
});
export type ShiftMethodFigures = z.infer<typeof shiftMethodFigures>;

/** GET /api/shifts/{id}, and the answers of open, close and current. */
export const shiftDetail = shift.extend({
  methods: z.array(shiftMethodFigures),
  /** Σ over the counted methods. */
  expected_total: z.string(),
  counted_total: z.string().nullable(),
  /** Processed receipts of other methods (installment, e-commerce channels) in the shift. */
  other_receipts_amount: z.string(),
});
export type ShiftDetail = z.infer<typeof shiftDetail>;

/** GET /api/shifts/current: the open shift of the location, or null. */
export const shiftCurrent = shiftDetail.nullable();

/** POST /api/shifts/report: the report's figures and what the printer said (`printed` or `not connected`). */
export const shiftReport = shiftDetail.extend({
  kind: z.enum(shiftReportKinds),
  print_result: printResult,
});
export type ShiftReport = z.infer<typeof shiftReport>;
