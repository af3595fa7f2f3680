import { test, expect, uniq } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';
import { STORE_1, STORE_2, stockApi } from './support/stock';
import { purchasing, PurchaseDocumentPage } from './support/purchasing';

// Traps at the counter (issue 17): stock shown before Ship Now, money still due sold on credit only by who may,
// no cash without an open shift, and a purchase order head office shipped from offers no Reopen or Cancel.
test.describe.configure({ timeout: 240_000 });

test('the order screen shows what is on hand: in the item search and on each line, a line beyond stock marked at once', async ({
  storeManagerPage: page,
  api,
  data,
}) => {
  const u = uniq();
  await data.allowNegativeStock(false);
  const lamp = await data.item({ franchise: 'HN001', unit_price: '150000', description: `Đèn bàn ${u}` });
  const fan = await data.item({ franchise: 'HN001', unit_price: '90000', description: `Quạt mini ${u}` });
  await stockApi(api).adjust({ item_no: lamp, quantity: '3', location_code: STORE_1 });
  await stockApi(api).adjust({ item_no: fan, quantity: '10', location_code: STORE_1 });
  const order = await data.salesDocument({ lines: [{ item_no: fan, quantity: '2' }] });

  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await expect(doc.line(fan).getByTestId('line-available')).toHaveText('10 available');
  await expect(doc.line(fan).getByTestId('line-short')).toHaveCount(0);

  // The item search names each item's quantity at the order's store.
  const field = page.getByRole('combobox', { name: 'Item' });
  await field.fill(`den ban ${u}`);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: lamp });
  await expect(option.getByTestId('item-available')).toContainText('3 available');

  // Five lamps where three are on hand: the line is marked as soon as it is added, before any Ship Now.
  await field.fill('');
  await doc.addLineByKeyboard(`den ban ${u}`, lamp, '5');
  await expect(doc.line(lamp).getByTestId('line-short')).toHaveText('Only 3 available');
  await expect(doc.line(fan).getByTestId('line-short')).toHaveCount(0);
});

test('Ship Now of an unpaid order asks to sell on credit: the manager ships on credit, the cashier is told to take the payment', async ({
  storeManagerPage: manager,
  storeStaffPage: cashier,
  data,
}) => {
  const u = uniq();
  await data.allowNegativeStock();
  const kettle = await data.item({ franchise: 'HN001', unit_price: '250000', description: `Ấm siêu tốc ${u}` });
  const customer = await data.customer({ name: `Khách nợ ${u}` });
  const sale = (quantity: string) =>
    data.salesDocument({
      sell_to_code: customer.customer_no,
      lines: [{ item_no: kettle, quantity }],
      then: ['release'],
    });
  const first = await sale('2');
  const second = await sale('1');

  // The cashier (hanoi.staff, no Sell On Credit): nothing ships while money is due.
  const asCashier = new SalesDocumentPage(cashier);
  await cashier.goto(`/salesOrders/detail?no=${second.pos_so_no}`);
  await expect(asCashier.status).toHaveText('Released');
  // Ship Now stays (a paid order ships), but with money due it only says to take the payment.
  await asCashier.action('Ship Now').click();
  await asCashier.confirm.expectText(
    '250.000 is still unpaid: take the payment before shipping (you may not sell on credit)',
  );
  await asCashier.confirm.accept('OK');
  await expect(asCashier.status).toHaveText('Released');
  await expect(asCashier.toasts.get('Ship Now Sales Order Successfully!')).toHaveCount(0);

  // The manager: the question names the amount; Yes ships it on credit, the amount stays due.
  const doc = new SalesDocumentPage(manager);
  await manager.goto(`/salesOrders/detail?no=${first.pos_so_no}`);
  await expect(doc.total('Remaining Amount')).toHaveText('500.000');
  await doc.run('Ship Now', '500.000 is still unpaid: sell on credit?');
  await doc.toasts.expect('Ship Now Sales Order Successfully!');
  await expect(doc.status).toHaveText('Invoiced');
  await expect(doc.total('Remaining Amount')).toHaveText('500.000');
});

test('a payment added but not processed reads "not yet paid"; cash at a store without an open shift is refused', async ({
  storeManagerPage: page,
  api,
  data,
}) => {
  const u = uniq();
  await data.allowNegativeStock();
  // HN001-02 has no open shift: close one an earlier attempt left open.
  const open = await api.get<{ id: number; version: number } | null>(`/api/shifts/current?location_code=${STORE_2}`);
  if (open)
    await api.post('/api/shifts/close', {
      shift_id: open.id,
      version: open.version,
      counted: ['cash', 'card', 'transfer'].map((payment_method) => ({ payment_method, amount: '0' })),
    });
  const item = await data.item({ franchise: 'HN001', unit_price: '120000', description: `Chảo ${u}` });
  const customer = await data.customer({ name: `Khách ca ${u}` });
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    location_code: STORE_2,
    lines: [{ item_no: item, quantity: '1' }],
    then: ['release'],
  });

  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  const payments = page.getByTestId('payments-panel');
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment' });
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await doc.toasts.expect(`Open a shift at ${STORE_2} before taking cash`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(payments.locator('tbody tr.ant-table-row').filter({ hasText: '-RC-' })).toHaveCount(0);

  // With the shift open the cash is taken; until it is processed the order says it is not yet paid.
  await data.openShift(STORE_2);
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await doc.toasts.expect('Add Payment Successfully!');
  await expect(payments.getByTestId('payments-not-yet-paid')).toHaveText(
    'Not yet paid: 120.000 added but not processed',
  );
  await expect(doc.total('Remaining Amount')).toHaveText('120.000');
  await payments.locator('tbody tr.ant-table-row').getByRole('button', { name: 'Process' }).click();
  await doc.toasts.expect('Process Payment Successfully!');
  await expect(payments.getByTestId('payments-not-yet-paid')).toHaveCount(0);
  await expect(doc.total('Remaining Amount')).toHaveText('0');
});

test('a purchase order head office shipped from offers Receive Now, never Reopen or Cancel', async ({
  storeManagerPage: page,
  api,
  data,
}) => {
  const item = await data.item({ franchise: 'HN001', unit_price: '80000', description: `Bình nước ${uniq()}` });
  const po = purchasing(api);
  const released = await po.order({ lines: [{ item_no: item, purchase_qty: '4' }], then: ['release'] });
  const doc = new PurchaseDocumentPage(page);
  await page.goto(`/purchasesOrders/detail?no=${released.pos_po_no}`);
  // Released and nothing shipped: Reopen and Cancel are offered.
  await expect(doc.action('Reopen')).toBeVisible();
  await expect(doc.action('Cancel')).toBeVisible();

  const shipped = await po.order({ lines: [{ item_no: item, purchase_qty: '4' }], then: ['release', 'ship'] });
  expect(shipped.status).toBe('released');
  await page.goto(`/purchasesOrders/detail?no=${shipped.pos_po_no}`);
  await expect(doc.action('Receive Now')).toBeVisible();
  await expect(doc.action('Reopen')).toHaveCount(0);
  await expect(doc.action('Cancel')).toHaveCount(0);
});
