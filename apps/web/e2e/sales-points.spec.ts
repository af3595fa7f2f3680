import { test, expect, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

test.describe.configure({ timeout: 300_000 });

test('points at the counter: a customer who earned points redeems some on an order, the grand total drops by points × value', async ({
  browser,
  baseURL,
  data,
}) => {
  await data.allowNegativeStock();
  const customer = await data.customer();
  const tv = await data.item({ franchise: 'HN001', unit_price: '500000' });
  const shirt = await data.item({ franchise: 'HN001', unit_price: '150000' });
  // A first purchase of 1.000.000 VND earns 10 points (Silver: 1 point per 100.000 VND).
  const first = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: tv, quantity: '2' }],
    then: ['release', 'ship'],
  });
  expect(first.status).toBe('invoiced');
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: shirt, quantity: '1' }],
  });

  const clerk = await data.salesUser({ level: 'edit' });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);

  // The first order shows what it earned.
  await page.goto(`/salesOrdersInvoicedCanceled/detail?no=${first.pos_so_no}`);
  await expect(page.getByTestId('points-earned')).toHaveText('10 redeemable, 10 ranking');

  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await expect(doc.status).toHaveText('Open');
  await expect(doc.total('Grand Total')).toHaveText('150.000');
  const panel = page.getByTestId('points-panel');
  await expect(panel.getByTestId('points-available')).toHaveText('10');

  const input = panel.getByRole('spinbutton', { name: 'Points to redeem' });
  await input.fill('4');
  await expect(panel.getByTestId('points-worth')).toContainText('= 4.000 VND (at most 10 points)');
  await panel.getByRole('button', { name: 'Redeem Points' }).click();
  await doc.confirm.expectText(`Redeem 4 points (4.000 VND) on sales order ${order.pos_so_no}?`);
  await doc.confirm.accept('Redeem Points');
  await doc.toasts.expect('Redeem Points Successfully!');

  // 4 points × 1.000 VND off the grand total and the remaining amount; the balance follows the ledger.
  await expect(doc.total('Points Redeemed')).toHaveText('4.000');
  await expect(doc.total('Grand Total')).toHaveText('146.000');
  await expect(doc.total('Remaining Amount')).toHaveText('146.000');
  await expect(panel.getByTestId('points-redeemed')).toHaveText('4 points = 4.000 VND off');
  await expect(panel.getByTestId('points-available')).toHaveText('6');

  // Removing them gives the points back and the total returns.
  await panel.getByRole('button', { name: 'Remove Points' }).click();
  await doc.confirm.expectText('Give the 4 redeemed points back to the customer?');
  await doc.confirm.accept('OK');
  await doc.toasts.expect('Remove Points Successfully!');
  await expect(doc.total('Grand Total')).toHaveText('150.000');
  await expect(panel.getByTestId('points-available')).toHaveText('10');
  await context.close();
});
