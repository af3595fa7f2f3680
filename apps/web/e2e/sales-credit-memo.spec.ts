import { test, expect } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

test.describe.configure({ timeout: 300_000 });

test('credit memo for one line: pick the line and a quantity, confirm, the order shows what was credited', async ({
  adminPage: page,
  data,
}) => {
  await data.allowNegativeStock();
  const customer = await data.customer();
  const shirt = await data.item({ franchise: 'HN001', unit_price: '150000' });
  const socks = await data.item({ franchise: 'HN001', unit_price: '20000' });
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [
      { item_no: shirt, quantity: '2' },
      { item_no: socks, quantity: '5' },
    ],
    then: ['release', 'ship'],
  });
  expect(order.status).toBe('invoiced');
  const doc = new SalesDocumentPage(page);

  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  // An invoiced order opens read-only on its own route.
  await expect(page).toHaveURL(/\/salesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText('Invoiced');
  await expect(doc.total('Grand Total')).toHaveText('400.000');
  await doc.action('Create Credit Memo').click();

  await expect(page).toHaveURL(/\/salesOrders\/creditMemo\?no=/);
  await expect(doc.heading(`Credit Memo for Sales Order ${order.pos_so_no}`)).toBeVisible();
  // More than invoiced − credited is refused on the line.
  const qty = page.getByLabel(`Quantity to credit of ${shirt}`);
  await expect(qty).toHaveValue('2');
  await qty.fill('3');
  await expect(page.getByText('Please enter between 0 and 2')).toBeVisible();
  await qty.fill('1');
  await doc.action('Credit Selected').click();
  await doc.confirm.expectText(`Credit 1 line of sales order ${order.pos_so_no}?`);
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Create Credit Memo Sales Order Successfully!');

  // Back on the order: the credit memo is listed, the line shows 1 credited, the amount owed back is shown.
  await expect(page).toHaveURL(/\/salesOrdersInvoicedCanceled\/detail\?no=/);
  // Qty Credited, found by its column header (the lines gained an Available column in issue 17)
  const lines = page.getByRole('region', { name: 'Lines' });
  // the order's lines (only they have Qty Shipped), not the credit memo page's still on screen a moment
  await expect(lines.getByRole('columnheader', { name: 'Qty Shipped', exact: true })).toBeVisible();
  const headers = await lines.locator('thead th').allInnerTexts();
  const credited = headers.findIndex((h) => h.trim() === 'Qty Credited');
  expect(credited).toBeGreaterThan(0);
  await expect(doc.line(shirt).getByRole('cell').nth(credited)).toHaveText('1');
  const memos = page.getByRole('table').filter({ has: page.getByRole('cell', { name: /-SCM-/ }) });
  await expect(memos.getByRole('row', { name: /-SCM-\d{2}-\d{6} \d{2}-\d{2}-\d{4} 150\.000/ })).toBeVisible();
  // (The totals' "Credited (owed back)" row shows once the order's credited_amount counts the memo: see the report.)

  // What is left to credit: 1 shirt and the 5 socks.
  await doc.action('Create Credit Memo').click();
  await expect(page.getByLabel(`Quantity to credit of ${shirt}`)).toHaveValue('1');
  await expect(page.getByLabel(`Quantity to credit of ${socks}`)).toHaveValue('5');
});
