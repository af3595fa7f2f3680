import { eq } from 'drizzle-orm';
import { buttonKey, GUARDED, pageStructureOf, SALES_DOCUMENT_PAGES } from '@fp/contract';
import type { Services } from '../../services.js';
import { pagePermissions } from './schema.js';

// Demo cashier limits (issue 9; README "Demo users"): the store managers' and head office's permissions name the
// guarded buttons (Override Price, Discount Above Limit, Adjust Remaining Amount, Cancel After Payment) on the sales
// document pages they hold; the store staff's (the cashiers') do not, so a cashier sells at the price list's prices,
// within the line discount limit, and cannot cancel a paid order or adjust what is owed.

const HOLDERS = ['Store Manager', 'Head Office'];

/** The guarded grants of a permission: every guarded button of each sales document page it holds. */
export const cashierLimitGrants = (pages: readonly { page_url: string }[]) =>
  SALES_DOCUMENT_PAGES.filter((url) => pages.some((p) => p.page_url === url)).flatMap((url) =>
    Object.values(GUARDED)
      .filter((b) => pageStructureOf(url).buttons.includes(b))
      .map((b) => buttonKey(url, b)),
  );

export async function grantDemoCashierLimits(s: Services) {
  for (const name of HOLDERS) {
    const [perm] = await s.db.select().from(pagePermissions).where(eq(pagePermissions.name, name));
    if (!perm) continue;
    const permissions = [...new Set([...perm.permissions, ...cashierLimitGrants(perm.pages)])];
    await s.db.update(pagePermissions).set({ permissions }).where(eq(pagePermissions.id, perm.id));
  }
}
