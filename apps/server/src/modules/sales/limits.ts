import { and, eq, sql } from 'drizzle-orm';
import {
  buttonAllowedOnAny,
  GUARDED,
  pageStructureOf,
  salesMachineOf,
  SALES_DOCUMENT_PAGES,
  transitionOf,
  type ButtonSubject,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { canAccess, requireButton, type Auth } from '../../http/context.js';
import { cashReceipts } from '../payments/schema.js';
import { findSalesOrder } from './load.js';

// Cashier limits and button permissions on the sales documents (issue 9; rules in @fp/contract buttons.ts,
// DEVELOPING.md "Button permissions"). Every refusal is a 403 `forbidden` before anything is written.

/** The screens a document's buttons live on, per document type (desktop, tablet, the invoiced/canceled detail). */
export const DOCUMENT_PAGES: Readonly<Record<string, readonly string[]>> = {
  order: [
    '/salesOrders/detail',
    '/tablet/salesOrders/detail',
    '/salesOrdersInvoicedCanceled/detail',
    '/tablet/salesOrdersInvoicedCanceled/detail',
  ],
  quote: ['/salesQuotes/detail'],
};

/**
 * Whether the caller may use an ordinary button of a document: the pages of the document type whose structure lists
 * the button, narrowed to those the caller holds (a page the caller has no grant on allows nothing); when the caller
 * holds none of them (e.g. only the list page), all of them — the page level decides alone unless buttons are named.
 */
export function documentButtonAllowed(auth: Auth, documentType: string, button: string): boolean {
  if (auth.isAdmin) return true;
  const candidates = (DOCUMENT_PAGES[documentType] ?? []).filter((p) => pageStructureOf(p).buttons.includes(button));
  if (!candidates.length) return true;
  const held = candidates.filter((p) => canAccess(auth, p, 'view'));
  return buttonAllowedOnAny(auth, held.length ? held : candidates, button);
}

export const refuseButton = (button: string, field = 'status') =>
  new AppError(403, 'forbidden', `You are not allowed to ${button}`, field);

/** 403 unless the caller may use the machine action's button (its label, machines.ts) on the document's pages. */
export function requireAction(auth: Auth, documentType: string, action: string): void {
  const machine = salesMachineOf(documentType);
  const t = machine && transitionOf(machine, action);
  if (!t) return;
  if (!documentButtonAllowed(auth, documentType, t.label)) throw refuseButton(t.label);
}

/**
 * The document in the caller's scope (404 first: another franchise's order never answers 403), then the action's
 * button (403). For the calls that name an order by number: ship, close, calculate, support to ship, sync, convert.
 */
export async function requireDocumentAction(db: DbOrTx, auth: Auth, posSoNo: string, action: string): Promise<void> {
  if (auth.isAdmin) return;
  const doc = await findSalesOrder(db, auth.scope, posSoNo);
  requireAction(auth, doc.document_type, action);
}

/** Whether the order has processed cash receipts (modules/payments): canceling it then needs Cancel After Payment. */
export async function hasProcessedReceipts(db: DbOrTx, posSoNo: string): Promise<boolean> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cashReceipts)
    .where(and(eq(cashReceipts.pos_so_no, posSoNo), eq(cashReceipts.status, 'processed')));
  return (r?.n ?? 0) > 0;
}

export function requireCancelAfterPayment(auth: Auth) {
  requireButton(auth, SALES_DOCUMENT_PAGES, GUARDED.cancelAfterPayment, 'status');
}

/**
 * Who changes lines, for the price and discount limits: a user (checked) or the system (demo, conversion: not
 * checked). `maxDiscountPercent` reads the counter setting `max_line_discount_percent` the first time a discount needs
 * it (most lines carry none, and then the setting is never read).
 */
export type LineLimits = { who: ButtonSubject; maxDiscountPercent: () => Promise<string> };

export const mayOverridePrice = (who: ButtonSubject) =>
  buttonAllowedOnAny(who, SALES_DOCUMENT_PAGES, GUARDED.overridePrice);
export const mayDiscountAboveLimit = (who: ButtonSubject) =>
  buttonAllowedOnAny(who, SALES_DOCUMENT_PAGES, GUARDED.discountAboveLimit);

/** The discount as a percent of quantity × price: the contract's (shared with the offline counter). */
export { effectiveDiscountPercent } from '@fp/contract/pricing';
