import { formatNumber } from '@fp/contract/web';
import { test, expect, uniq } from './fixtures';
import { expectNoHorizontalScroll, expectTouchTargets } from './support/tablet';

// The counter on a tablet (issue 18): 1024×768 with touch, every step by finger — find an item by name, add it,
// more of it, a customer, pay in cash, the receipt.
test.describe.configure({ timeout: 300_000 });

test('tablet counter: a sale by touch with finger-sized targets, from the name search to the receipt', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  const u = uniq();
  await data.allowNegativeStock();
  await data.openShift(); // cash at the demo stores needs an open shift
  const customer = await data.customer({ name: `Khách máy tính bảng ${u}` });
  const pot = await data.item({ franchise: 'HN001', unit_price: '415000', description: `Nồi cơm điện ${u}` });

  await page.goto('/counter');
  await expect(page.getByRole('heading', { name: 'Counter' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // The name typed on the screen keyboard; the result tapped.
  const field = page.getByLabel('Item number, barcode or name');
  await field.tap();
  await field.fill(`cơm điện ${u}`);
  const result = page.getByRole('listbox', { name: 'Items found' }).getByRole('option');
  await expect(result).toHaveCount(1);
  await expect(result).toContainText('415.000');
  await result.tap();
  const rows = page.getByRole('table', { name: 'Lines of the sale' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(pot);

  // One more by the line's + button; every button of the counter is finger-sized.
  await rows.getByRole('button', { name: 'One more' }).tap();
  await expect(rows.getByTestId('counter-qty')).toHaveText('2');
  expect(await expectTouchTargets(page.getByRole('main'))).toBeGreaterThanOrEqual(9);

  // The customer by phone, then pay: both by tapping.
  await page.getByRole('button', { name: 'F4 Customer' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Customer' });
  await dialog.getByLabel('Mobile Phone').fill(customer.phone_no);
  await dialog.getByRole('button', { name: 'Find' }).tap();
  await expect(dialog.getByText(customer.name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Use' }).tap();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'F9 Pay' }).tap();
  const pay = page.getByRole('dialog', { name: `Pay ${formatNumber(830000)}` });
  await expect(pay.getByRole('button', { name: 'Cash' })).toHaveAttribute('aria-pressed', 'true');
  await expectTouchTargets(pay.getByRole('group', { name: 'Payment method' }));
  await pay.getByRole('button', { name: 'Complete Sale' }).tap();

  const receipt = page.getByTestId('counter-receipt');
  await expect(receipt.getByTestId('counter-receipt-total')).toHaveText('830.000');
  await expect(receipt).toContainText(customer.name);
  await expect(rows).toHaveCount(0);
  await expectTouchTargets(receipt);
  const no = (await receipt.getByTestId('counter-receipt-order').innerText()).trim();
  const order = await api.get<{ status: string; lines: { item_no: string; quantity: string }[] }>(
    `/api/sales-orders/${no}`,
  );
  expect(order.status).toBe('invoiced');
  expect(order.lines.map((l) => [l.item_no, Number(l.quantity)])).toEqual([[pot, 2]]);

  // The receipt closes by touch.
  await receipt.getByRole('button', { name: 'Close the receipt' }).tap();
  await expect(receipt).toBeHidden();
});
