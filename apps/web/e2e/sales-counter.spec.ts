import { test, expect, apiAs, uniq, signIn } from './fixtures';
import { printingCashier } from './support/printing-cashier';
import { SalesDocumentPage } from './support/sales-document';
import { RecordingPrinter } from '../../server/src/modules/devices/printing/recording-printer';
import { decodeEscPos } from '../../server/src/modules/devices/printing/decode-escpos';
import { renderDocument } from '../../server/src/modules/devices/printing/render';
import type { PrintDocument } from '../../server/src/modules/devices/printing/document';

test.describe.configure({ timeout: 300_000 });

// The whole counter in one sale (issue 9): a walk-in customer's order gets a coupon and redeems points, is paid in
// cash with change, ships, and the receipt prints on the cashier's printer (the recording printer here).
test('a walk-in sale with a coupon and points, paid in cash with change, its receipt printed in Vietnamese', async ({
  browser,
  baseURL,
  api,
  data,
  request,
}) => {
  const printer = new RecordingPrinter();
  await printer.start();
  try {
    const u = uniq().toUpperCase();
    const couponCode = `QUAY${u}`.slice(0, 20);
    await api.post('/api/promotions', {
      code: couponCode,
      description: `Giảm 10% ${u}`,
      kind: 'coupon',
      coupon_code: couponCode,
      discount_type: 'percent',
      discount_value: '10',
      valid_from: '2000-01-01',
      valid_to: '2099-12-31',
      usage_limit: 5,
    });

    // A cashier of HN001 whose printer is the recording one.
    const username = `e2e.counter.${u.toLowerCase()}`;
    await printingCashier(api, printer, { username, firstname: 'Hoa', lastname: 'Lê' });

    // A customer who earned 10 points on an earlier purchase of 1.000.000 (Silver: 1 point per 100.000).
    await data.allowNegativeStock();
    // HN001 takes cash at the counter only during a shift (issue 17).
    await data.openShift();
    const customer = await data.customer({ name: `Đặng Thu Thảo ${u}` });
    const cooker = await data.item({
      franchise: 'HN001',
      unit_price: '500000',
      description: `Nồi chiên không dầu ${u}`,
    });
    await data.salesDocument({
      sell_to_code: customer.customer_no,
      lines: [{ item_no: cooker, quantity: '2' }],
      then: ['release', 'ship'],
    });
    const order = await data.salesDocument({
      sell_to_code: customer.customer_no,
      lines: [{ item_no: cooker, quantity: '2' }],
    });

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, username, 'Passw0rd1');
    const doc = new SalesDocumentPage(page);
    await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
    await expect(doc.status).toHaveText('Open');
    await expect(doc.total('Grand Total')).toHaveText('1.000.000');

    // The coupon: 10 % off.
    const promotions = page.getByTestId('promotions-panel');
    await promotions.getByLabel('Coupon', { exact: true }).fill(couponCode);
    await promotions.getByRole('button', { name: 'Apply' }).click();
    await doc.toasts.expect('Apply Coupon Successfully!');
    await expect(doc.total('Promotions')).toHaveText('100.000');
    await expect(doc.total('Grand Total')).toHaveText('900.000');

    // 5 of the customer's 10 points, worth 1.000 each.
    const points = page.getByTestId('points-panel');
    await expect(points.getByTestId('points-available')).toHaveText('10');
    await points.getByRole('spinbutton', { name: 'Points to redeem' }).fill('5');
    await points.getByRole('button', { name: 'Redeem Points' }).click();
    await doc.confirm.accept('Redeem Points');
    await doc.toasts.expect('Redeem Points Successfully!');
    await expect(doc.total('Points Redeemed')).toHaveText('5.000');
    await expect(doc.total('Grand Total')).toHaveText('895.000');

    await doc.run('Release', 'Do you want to release this sales order?');
    await doc.toasts.expect('Release Sales Order Successfully!');

    // Cash: 1.000.000 handed over, 105.000 back.
    const payments = page.getByTestId('payments-panel');
    await payments.getByRole('button', { name: 'Add Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment' });
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('895.000');
    await dialog.getByLabel('Amount Tendered').fill('1.000.000');
    await expect(dialog.getByTestId('payment-change')).toContainText('105.000');
    await dialog.getByRole('button', { name: 'Add Payment' }).click();
    await doc.toasts.expect('Add Payment Successfully!');
    const receiptRow = payments.locator('tbody tr.ant-table-row').filter({ hasText: '-RC-' });
    await receiptRow.getByRole('button', { name: 'Process' }).click();
    await doc.toasts.expect('Process Payment Successfully!');
    await expect(doc.total('Remaining Amount')).toHaveText('0');

    await doc.run('Ship Now', 'Do you want to ship this sales order now?');
    await doc.toasts.expect('Ship Now Sales Order Successfully!');
    await expect(doc.status).toHaveText('Invoiced');

    // The receipt, printed from the payments panel.
    const receiptNo = (await receiptRow.locator('td').first().innerText()).trim();
    await payments.getByRole('button', { name: `Print receipt ${receiptNo}` }).click();
    await doc.toasts.expect('Print Payment Receipt Successfully!');
    const decoded = decodeEscPos(await printer.waitForJob());
    const mine = await apiAs(request, username, 'Passw0rd1');
    const log = await mine.list<{ document: PrintDocument; text_lines: string[]; status: string }>(
      '/api/print-jobs/filter',
      { document_no: receiptNo },
    );
    const job = log.items[0];
    expect(job.status).toBe('printed');
    // What reached the printer is exactly the logged document, rendered.
    const expected = renderDocument(job.document);
    expect(decoded.images).toHaveLength(1);
    expect(Buffer.from(decoded.images[0].bits).equals(Buffer.from(expected.bits))).toBe(true);
    expect(decoded.cut).toBe(true);
    const text = job.text_lines.join('\n');
    expect(text).toContain('PHIẾU THU');
    expect(text).toContain(`Đặng Thu Thảo ${u}`);
    expect(text).toContain('Tiền khách đưa');
    expect(text).toContain('1.000.000');
    expect(text).toContain('Tiền thừa');
    expect(text).toContain('105.000');
    expect(job.text_lines).toContain('Bằng chữ: Tám trăm chín mươi lăm nghìn đồng');
    await context.close();
  } finally {
    await printer.stop();
  }
});
