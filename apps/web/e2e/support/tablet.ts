import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from '../fixtures';

/** The tablet's selling pages; a clerk holding them also looks items and customers up (ops/page-groups.ts). */
export const TABLET_SALES_PAGES = [
  '/tablet/salesOrders',
  '/tablet/salesOrders/detail',
  '/tablet/salesOrdersInvoicedCanceled',
  '/tablet/salesOrdersInvoicedCanceled/detail',
  '/tablet/scanQR',
] as const;

/** A store clerk of HN001 who sells on the tablet only (edit on the tablet sales pages and the scanner). */
export async function tabletClerk(api: Api, user: { user_id: number; username: string }) {
  await api.post('/api/page-permissions', {
    name: `E2E tablet ${user.username}`,
    permission_type: 'edit',
    pages: TABLET_SALES_PAGES.map((page_url) => ({ page_url, permission_type: 'edit' })),
    // The journeys ship unpaid orders: the clerk may sell on credit (issue 17).
    permissions: ['/tablet/salesOrders/detail#Sell On Credit'],
    users: [user.user_id],
  });
  return { username: user.username, password: 'Passw0rd1' };
}

/** The smallest target a finger hits (issue 9). */
export const MIN_TARGET = 44;

/**
 * Every visible button inside `scope` is at least 44 × 44 px; answers how many were measured. Each size is polled, so
 * a dialog still zooming in (Ant Design's opening animation scales it) is measured once it has settled; a button that
 * is really too small still fails.
 */
export async function expectTouchTargets(scope: Locator): Promise<number> {
  const buttons = scope.getByRole('button').filter({ visible: true });
  const count = await buttons.count();
  for (let i = 0; i < count; i++) {
    const b = buttons.nth(i);
    if (!(await b.boundingBox())) continue;
    const name = (await b.getAttribute('aria-label')) ?? (await b.innerText());
    const size = async (side: 'height' | 'width') => (await b.boundingBox())?.[side] ?? MIN_TARGET;
    await expect
      .poll(() => size('height'), { message: `height of button "${name}"` })
      .toBeGreaterThanOrEqual(MIN_TARGET);
    await expect.poll(() => size('width'), { message: `width of button "${name}"` }).toBeGreaterThanOrEqual(MIN_TARGET);
  }
  return count;
}

/** The page fits the viewport's width (no horizontal scrolling at 1024 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}
