import type { Locator } from '@playwright/test';
import { test, expect, DEMO_FRANCHISE, uniq, signIn } from './fixtures';
import { MIN_TARGET, tabletClerk } from './support/tablet';

// Issue 17: the tablet's small targets grow to a finger's size at 1024 × 768 (item price pagination, the header's user
// menu, the auto promotion switch, the expand icons of rows with details) and "Find Customer" fits its button.
test.setTimeout(240_000);

/** The target's box on screen is at least 44 × 44 px. */
async function expectFingerSized(target: Locator, name: string) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box?.height ?? 0, `height of ${name}`).toBeGreaterThanOrEqual(MIN_TARGET);
  expect(box?.width ?? 0, `width of ${name}`).toBeGreaterThanOrEqual(MIN_TARGET);
}

test('tablet targets at 1024 × 768: pagination, user menu, auto promotion switch, expand icons, Find Customer', async ({
  page,
  api,
  data,
}) => {
  const u = uniq();
  const user = await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE });
  const clerk = await tabletClerk(api, user);
  await api.post('/api/page-permissions', {
    name: `E2E tablet prices ${u}`,
    permission_type: 'view',
    pages: [{ page_url: '/tablet/itemPrice', permission_type: 'view' }],
    users: [user.user_id],
  });
  // More items than one page of prices (24), so the price grid pages.
  const items: string[] = [];
  for (let i = 0; i < 25; i++)
    items.push(await data.item({ franchise: DEMO_FRANCHISE, unit_price: '10000', description: `Chén ${u} ${i}` }));
  await data.allowNegativeStock();
  const customer = await data.customer({ name: `Khách chạm ${u}` });
  const open = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: items[0], quantity: '1' }],
  });
  const shipped = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: items[1], quantity: '1' }],
    then: ['release', 'ship'],
  });
  await signIn(page, clerk.username, clerk.password);

  // Item price: the pages of the grid.
  await page.goto('/tablet/itemPrice');
  await page.getByRole('searchbox', { name: 'Search items' }).fill(`Chén ${u}`);
  await page.getByRole('searchbox', { name: 'Search items' }).press('Enter');
  const pages = page.getByRole('region', { name: 'Prices' }).locator('.ant-pagination');
  await expectFingerSized(pages.getByRole('listitem', { name: '2' }), 'page 2');
  await expectFingerSized(pages.getByRole('listitem', { name: 'Next Page' }), 'next page');

  // The header's user menu.
  await expectFingerSized(page.getByTestId('user-menu'), 'the user menu');

  // An open order: the auto promotion switch, and "Find Customer" shows its whole label.
  await page.goto(`/tablet/salesOrders/detail?no=${open.pos_so_no}`);
  await expectFingerSized(page.getByRole('switch', { name: 'Auto promotion' }), 'the auto promotion switch');
  const find = page.getByRole('button', { name: 'Find Customer' });
  await expectFingerSized(find, 'Find Customer');
  const label = await find.evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
  expect(label.scroll, 'Find Customer label width').toBeLessThanOrEqual(label.client);

  // A shipped order: the expand icons of its posted documents.
  await page.goto(`/tablet/salesOrdersInvoicedCanceled/detail?no=${shipped.pos_so_no}`);
  const expand = page.locator('.ant-table-row-expand-icon').filter({ visible: true });
  await expect(expand.first()).toBeVisible();
  const count = await expand.count();
  for (let i = 0; i < count; i++) await expectFingerSized(expand.nth(i), `expand icon ${i + 1}`);
});
