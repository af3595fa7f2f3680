import { test, expect, apiAs, DEMO_PASSWORD, ROLE_USERS, type SalesDoc, signIn } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

// Cashier limits (issue 9): the demo cashier (hanoi.staff, no Override Price) cannot change a price — the price cell
// is not editable and the API refuses a price too — while the demo store manager (hanoi.manager) can.

test('a cashier without Override Price cannot change a price; a manager can', async ({
  browser,
  baseURL,
  request,
  data,
}) => {
  const item = await data.item({ franchise: 'HN001', unit_price: '100000' });
  const customer = await data.customer();
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '1' }],
  });
  const url = `/salesOrders/detail?no=${encodeURIComponent(order.pos_so_no)}`;
  const label = (col: string) => new RegExp(`^${col} of line \\d+ ${item}$`);

  // The cashier: quantity and discount are editable, the price is not; a discount above the limit is refused.
  const cashierCtx = await browser.newContext({ baseURL });
  const cashierPage = await cashierCtx.newPage();
  await signIn(cashierPage, ROLE_USERS.storeStaff.username, ROLE_USERS.storeStaff.password);
  await cashierPage.goto(url);
  const asCashier = new SalesDocumentPage(cashierPage);
  await expect(asCashier.line(item)).toBeVisible();
  await expect(cashierPage.getByRole('textbox', { name: label('Quantity') })).toBeVisible();
  await expect(cashierPage.getByRole('textbox', { name: label('Unit Price') })).toHaveCount(0);
  const discount = cashierPage.getByRole('textbox', { name: label('Discount %') });
  await discount.fill('50');
  await discount.press('Enter');
  await expect(cashierPage.getByRole('tooltip')).toContainText('needs the Discount Above Limit permission');
  await discount.press('Escape');
  await cashierCtx.close();

  // The API refuses the cashier's price too, and nothing changes.
  const cashierApi = await apiAs(request, ROLE_USERS.storeStaff.username, DEMO_PASSWORD);
  const fresh = await cashierApi.get<SalesDoc & { lines: { line_no: number; unit_price: string }[] }>(
    `/api/sales-orders/${order.pos_so_no}`,
  );
  await expect(
    cashierApi.put('/api/sales-orders/lines', {
      pos_so_no: order.pos_so_no,
      version: fresh.version,
      line_no: fresh.lines[0].line_no,
      unit_price: '1000',
    }),
  ).rejects.toThrow(/403.*You are not allowed to Override Price/);

  // The manager edits the price in the grid.
  const managerCtx = await browser.newContext({ baseURL });
  const managerPage = await managerCtx.newPage();
  await signIn(managerPage, ROLE_USERS.storeManager.username, ROLE_USERS.storeManager.password);
  await managerPage.goto(url);
  const asManager = new SalesDocumentPage(managerPage);
  const price = managerPage.getByRole('textbox', { name: label('Unit Price') });
  await expect(price).toBeVisible();
  await price.fill('95000');
  await price.press('Enter');
  await expect(asManager.total('Grand Total')).toHaveText('95.000');
  const after = await cashierApi.get<{ lines: { unit_price: string; price_source: string }[] }>(
    `/api/sales-orders/${order.pos_so_no}`,
  );
  expect(after.lines[0]).toMatchObject({ unit_price: '95000.00', price_source: 'manual' });
  await managerCtx.close();
});
