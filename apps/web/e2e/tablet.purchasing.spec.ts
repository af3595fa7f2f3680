import { test, expect as baseExpect, DEMO_FRANCHISE } from './fixtures';
import { PurchaseDocumentPage, purchasing } from './support/purchasing';
import { expectNoHorizontalScroll, expectTouchTargets } from './support/tablet';

// Receiving purchase orders on the tablet (issue 10) at 1024×768 with touch: finger-sized targets, no sideways scroll.
test.describe.configure({ timeout: 900_000 });
// The machine these journeys run on is shared: a screen may take a while to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

test('tablet purchase orders: the list, open a shipped order, receive now, every target ≥ 44 px', async ({
  storeManagerPage: page,
  api,
  data,
}) => {
  const item = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '30000' });
  const order = await purchasing(api).order({
    lines: [{ item_no: item, purchase_qty: '6' }],
    then: ['release', 'ship'],
  });
  const line = order.lines[0].line_no;
  const doc = new PurchaseDocumentPage(page);
  const main = page.getByRole('main');

  // The list: the open statuses as chips, rows a finger opens.
  await page.goto('/tablet/purchasesOrders');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  const chips = page.getByRole('group', { name: 'Statuses' });
  for (const s of ['All', 'Open', 'Released', 'Partial Received'])
    await expect(chips.getByRole('button', { name: s, exact: true })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Invoiced', exact: true })).toHaveCount(0);
  // Measured before typing: the search field's clear icon shows only with text.
  expect(await expectTouchTargets(main)).toBeGreaterThan(4);
  await expectNoHorizontalScroll(page);
  await page.getByRole('searchbox', { name: 'Search purchase orders' }).fill(order.pos_po_no);
  await main.getByRole('button', { name: 'Search', exact: true }).tap();
  const row = page.getByTestId('tablet-purchase-row').filter({ hasText: order.pos_po_no });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Released');
  await expect(row).toContainText('180.000');
  expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // The order: everything shipped is offered to receive; receive now on the tablet.
  await row.tap();
  await expect(page).toHaveURL(/\/tablet\/purchasesOrders\/detail\?no=/);
  await expect(doc.status).toHaveText('Released');
  await expect(doc.qtyToReceive(line, item)).toHaveValue('6');
  await doc.qtyToReceive(line, item).fill('4');
  // A shipped order offers what the server allows: Receive Now, no Reopen or Cancel (issue 17).
  await expect(main.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  expect(await expectTouchTargets(main)).toBeGreaterThanOrEqual(1);
  await expectNoHorizontalScroll(page);
  await doc.action('Receive Now').tap();
  await doc.confirm.expectText('Do you want to receive these quantities now?');
  await expectTouchTargets(page.locator('.ant-modal-confirm'));
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Receive Now Purchase Order Successfully!');
  await expect(doc.status).toHaveText('Partial Received');
  await expect(page).toHaveURL(/\/tablet\/purchasesOrders\/detail\?no=/);
  await expect(doc.qtyToReceive(line, item)).toHaveValue('2');
});
