// Button permissions (product.md 6, calls.md 7.15; issue 9 "Cashier limits"). A page permission's `permissions` list
// names allowed buttons as `<page url>#<button>` (the page structure's buttons). Zod-free: the web's shell reads it.
//
// Rules, for a user who is not an Administrator (Administrators may do everything):
// 1. A guarded button (GUARDED_BUTTONS) is allowed only when one of the user's permissions names it.
// 2. Any other button of a page is allowed when the user's permissions name no ordinary button of that page (the
//    page's level decides alone), or when they name this one: naming buttons of a page restricts the page to them.
//    Guarded grants do not count here: granting Override Price adds a limit's exception, it restricts nothing.
// The page level (view / edit) is checked separately: a button that changes something still needs edit.

/** `<page url>#<button>`. */
export type ButtonGrant = string;

export const buttonKey = (pageUrl: string, button: string): ButtonGrant => `${pageUrl}#${button}`;

/** The cashier limits: buttons (and the fields they stand for) that need an explicit grant. */
export const GUARDED = {
  /** Change a line's unit price away from the catalogue's (unit_price on a line). */
  overridePrice: 'Override Price',
  /** A line discount above the configured percent (settings `max_line_discount_percent`). */
  discountAboveLimit: 'Discount Above Limit',
  /** PUT /api/sales-orders/remaining-amount: record a remaining-amount adjustment. */
  adjustRemainingAmount: 'Adjust Remaining Amount',
  /** Cancel an order that has processed receipts. */
  cancelAfterPayment: 'Cancel After Payment',
  /** Ship Now of an order with a remaining amount > 0 (sell_on_credit: true): the customer pays later. */
  sellOnCredit: 'Sell On Credit',
} as const;
export type GuardedButton = (typeof GUARDED)[keyof typeof GUARDED];

/** The sales document screens on which the guarded buttons live (desktop and tablet). */
export const SALES_DOCUMENT_PAGES = [
  '/salesOrders/detail',
  '/salesQuotes/detail',
  '/tablet/salesOrders/detail',
] as const;

/** Per page, its guarded buttons (they are also in the page's structure, so the permission editor offers them). */
export const GUARDED_BUTTONS: Readonly<Record<string, readonly GuardedButton[]>> = Object.fromEntries(
  SALES_DOCUMENT_PAGES.map((p) => [p, Object.values(GUARDED)]),
);

export const isGuarded = (pageUrl: string, button: string) =>
  (GUARDED_BUTTONS[pageUrl] ?? []).includes(button as GuardedButton);

export type ButtonSubject = { isAdmin: boolean; buttons: readonly ButtonGrant[] };

/** Whether a user may use a button of a page (rules above). */
export function buttonAllowed(who: ButtonSubject, pageUrl: string, button: string): boolean {
  if (who.isAdmin) return true;
  const key = buttonKey(pageUrl, button);
  if (who.buttons.includes(key)) return true;
  if (isGuarded(pageUrl, button)) return false;
  const prefix = `${pageUrl}#`;
  return !who.buttons.some((b) => b.startsWith(prefix) && !isGuarded(pageUrl, b.slice(prefix.length)));
}

/** Whether a user may use a button on any of several pages (an operation several screens share). */
export const buttonAllowedOnAny = (who: ButtonSubject, pageUrls: readonly string[], button: string) =>
  pageUrls.some((p) => buttonAllowed(who, p, button));
