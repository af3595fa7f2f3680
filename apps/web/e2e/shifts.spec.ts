import type { Page } from '@playwright/test';
import { test, expect, apiAs, uniq, type Api, signIn } from './fixtures';
import { printingCashier } from './support/printing-cashier';
import { SalesDocumentPage } from './support/sales-document';
import { PaymentScreen } from './support/money';
import { RecordingPrinter } from '../../server/src/modules/devices/printing/recording-printer';
import { decodeEscPos } from '../../server/src/modules/devices/printing/decode-escpos';
import { renderDocument } from '../../server/src/modules/devices/printing/render';
import type { PrintDocument } from '../../server/src/modules/devices/printing/document';

// Shifts (issue 11): a cashier opens the drawer of a store with a counted float, sales are paid into it, the X report
// prints while it is open, it is closed with what was counted per method, and the Z report prints. The journey works
// at HN001-02, where no other journey takes payments, so every figure is the one computed here by hand:
//   float 500.000; cash 200.000 (at the counter), card 150.000 (on /payment) and transfer 200.000 (through the API)
//   expected: cash 700.000, card 150.000, transfer 200.000 (total 1.050.000)
//   counted:  cash 690.000, card 150.000, transfer 200.000 → differences −10.000, 0, 0 (total −10.000)

test.describe.configure({ timeout: 600_000 });

const LOCATION = 'HN001-02';

type PrintJob = { document: PrintDocument; text_lines: string[]; status: string; document_no: string };

/** The print jobs of a document, newest first (print-jobs log, as the cashier sees it). */
async function jobsOf(api: Api, documentNo: string) {
  const log = await api.post<{ items: PrintJob[] }>('/api/print-jobs/filter', {
    pagination: { page: 1, size: 20 },
    filters: [{ field: 'document_no', value: documentNo, condition_type: 'eq' }],
    sort_order: { field: 'id', direction: 'desc' },
  });
  return log.items;
}

/** The printed raster is the job's document as rendered (the printer got what the log says). */
async function expectPrinted(printer: RecordingPrinter, job: PrintJob) {
  const decoded = decodeEscPos(await printer.waitForJob());
  const expected = renderDocument(job.document);
  expect(decoded.images).toHaveLength(1);
  expect(Buffer.from(decoded.images[0].bits).equals(Buffer.from(expected.bits))).toBe(true);
}

/** A line of the printed text holding every part (label and figure on one line). */
function expectLine(lines: string[], ...parts: (string | RegExp)[]) {
  const hit = lines.find((l) => parts.every((p) => (typeof p === 'string' ? l.includes(p) : p.test(l))));
  expect(hit, `a printed line with ${parts.join(' … ')} in:\n${lines.join('\n')}`).toBeTruthy();
}

async function pickLocation(page: Page, code: string) {
  const card = page.getByTestId('current-shift');
  await card.getByRole('combobox', { name: 'Location' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: code }).click();
}

test('a cashier opens a shift, sales are paid into it, X report, close with counted amounts, Z report', async ({
  browser,
  baseURL,
  api,
  data,
  request,
}) => {
  // A shift left open at the store by an earlier attempt of this journey (a retry) is closed first: the figures below
  // are those of a fresh shift.
  const left = await api.get<{ id: number; version: number } | null>(`/api/shifts/current?location_code=${LOCATION}`);
  if (left)
    await api.post('/api/shifts/close', {
      shift_id: left.id,
      version: left.version,
      counted: ['cash', 'card', 'transfer'].map((payment_method) => ({ payment_method, amount: '0' })),
    });
  const printer = new RecordingPrinter();
  await printer.start();
  try {
    const u = uniq();
    const username = `e2e.shift.${u}`;
    const cashier = await printingCashier(api, printer, {
      username,
      firstname: 'Hoa',
      lastname: 'Lê',
      location_code: LOCATION,
      pages: ['/shifts', '/payment'],
    });
    const mine = await apiAs(request, cashier.username, cashier.password);
    await data.allowNegativeStock();
    const item = await data.item({ franchise: 'HN001', unit_price: '200000', description: `Bàn là ${u}` });
    const item2 = await data.item({ franchise: 'HN001', unit_price: '350000', description: `Máy xay ${u}` });
    const customer = await data.customer();
    const cashOrder = await data.salesDocument({
      sell_to_code: customer.customer_no,
      location_code: LOCATION,
      lines: [{ item_no: item, quantity: '1' }],
      then: ['release'],
    });

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, cashier.username, cashier.password);
    const screen = new SalesDocumentPage(page);

    // Before the shift: the counter warns that no shift is open at the store.
    await page.goto(`/salesOrders/detail?no=${cashOrder.pos_so_no}`);
    const payments = page.getByTestId('payments-panel');
    await expect(payments.getByTestId('shift-tag')).toHaveText(`No open shift at ${LOCATION}`);

    // Open the shift: HN001 has two stores, so the cashier picks one; the float is counted German-style.
    await page.goto('/shifts');
    await expect(page.getByRole('heading', { name: 'Shifts', exact: true })).toBeVisible();
    await pickLocation(page, LOCATION);
    const current = page.getByTestId('current-shift');
    await expect(current).toContainText(`No shift is open at ${LOCATION}`);
    await current.getByRole('button', { name: 'Open Shift' }).click();
    const openDialog = page.getByRole('dialog', { name: `Open Shift at ${LOCATION}` });
    await expect(openDialog.getByLabel('Opening Float')).toBeFocused();
    await page.keyboard.type('5.000,5,5');
    await page.keyboard.press('Enter');
    await expect(openDialog.getByText('Please enter number!')).toBeVisible();
    await openDialog.getByLabel('Opening Float').fill('500.000');
    await page.keyboard.press('Enter');
    await screen.confirm.expectText(`Open a shift at ${LOCATION} with a float of 500.000?`);
    await screen.confirm.accept('Open Shift');
    await screen.toasts.expect('Open Shift Successfully!');
    await expect(openDialog).toBeHidden();
    await expect(current.getByTestId('shift-float')).toHaveText('500.000');
    const shiftNo = (await current.locator('.ant-descriptions-item-content').first().innerText()).trim();
    expect(shiftNo).toMatch(/SH/);
    await expect(current).toContainText('Expected Cash in Drawer');

    // A sale at the counter paid in cash goes into the shift: the payments panel shows which one.
    await page.goto(`/salesOrders/detail?no=${cashOrder.pos_so_no}`);
    await expect(payments.getByTestId('shift-tag')).toHaveText(`Shift ${shiftNo}`);
    await payments.getByRole('button', { name: 'Add Payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Add Payment' });
    await expect(pay.getByLabel('Amount', { exact: true })).toHaveValue('200.000');
    await pay.getByLabel('Amount Tendered').fill('500.000');
    await pay.getByRole('button', { name: 'Add Payment' }).click();
    await screen.toasts.expect('Add Payment Successfully!');
    await payments.locator('tbody tr.ant-table-row').getByRole('button', { name: 'Process' }).click();
    await screen.toasts.expect('Process Payment Successfully!');

    // A second sale: 150.000 by card on the payment screen, the rest (200.000) by transfer through the API; both
    // processed into the same shift.
    const order2 = await data.salesDocument({
      sell_to_code: customer.customer_no,
      location_code: LOCATION,
      lines: [{ item_no: item2, quantity: '1' }],
      then: ['release'],
    });
    const payScreen = new PaymentScreen(page);
    await payScreen.goto();
    await payScreen.findOrder(order2.pos_so_no);
    await expect(payScreen.remaining).toHaveText('350.000');
    await payScreen.choose('Payment Method', 'Card');
    await payScreen.field('Amount').fill('150.000');
    await payScreen.add();
    await expect(payScreen.current).toContainText('Card');
    await expect(payScreen.current).toContainText('150.000');
    await payScreen.processCurrent();
    await expect(payScreen.remaining).toHaveText('200.000');
    const transfer = await mine.post<{ receipt_id: number }>('/api/cash-receipts', {
      pos_so_no: order2.pos_so_no,
      payment_type: 'transfer',
      amount: '200000',
    });
    await mine.post('/api/cash-receipts/process', { receipt_id: transfer.receipt_id, to_post: true });

    // While open: the receipts per method and the cash expected in the drawer.
    await page.goto('/shifts');
    await pickLocation(page, LOCATION);
    const methods = current.getByTestId('shift-methods');
    await expect(methods.locator('tr', { hasText: 'Cash' })).toContainText('700.000');
    await expect(methods.locator('tr', { hasText: 'Card' })).toContainText('150.000');
    await expect(methods.locator('tr', { hasText: 'Transfer' })).toContainText('200.000');
    await expect(current).toContainText('700.000');

    // X report on the store printer.
    await current.getByRole('button', { name: 'Print X Report' }).click();
    await screen.toasts.expect('Print X Report Successfully!');
    const [x] = await jobsOf(mine, shiftNo);
    expect(x.status).toBe('printed');
    await expectPrinted(printer, x);
    expectLine(x.text_lines, 'X REPORT');
    expectLine(x.text_lines, `Ca: ${shiftNo}`);
    expectLine(x.text_lines, 'Tiền đầu ca', '500.000');
    expectLine(x.text_lines, 'Tiền mặt (1)');
    expectLine(x.text_lines, 'Dự kiến', '700.000');
    expectLine(x.text_lines, 'Thu trong ca', '150.000');
    expectLine(x.text_lines, 'Tổng thu trong ca', '550.000');
    expectLine(x.text_lines, 'Tổng dự kiến', '1.050.000');

    // Close: the counted amount per method, the difference shown live; Enter moves on, the last Enter submits.
    await current.getByRole('button', { name: 'Close Shift' }).click();
    const closeDialog = page.getByRole('dialog', { name: `Close Shift ${shiftNo}` });
    await expect(closeDialog.getByTestId('expected-cash')).toHaveText('700.000');
    await expect(closeDialog.getByTestId('expected-card')).toHaveText('150.000');
    await expect(closeDialog.getByTestId('expected-transfer')).toHaveText('200.000');
    await expect(closeDialog.getByLabel('Counted Cash')).toBeFocused();
    await page.keyboard.type('690.000');
    await expect(closeDialog.getByTestId('difference-cash')).toHaveText('-10.000');
    await page.keyboard.press('Enter');
    await expect(closeDialog.getByLabel('Counted Card')).toBeFocused();
    await page.keyboard.type('150.000');
    await expect(closeDialog.getByTestId('difference-card')).toHaveText('0');
    await page.keyboard.press('Enter');
    await expect(closeDialog.getByLabel('Counted Transfer')).toBeFocused();
    await page.keyboard.type('200.000');
    await page.keyboard.press('Enter');
    await screen.confirm.expectText(`Close shift ${shiftNo} with these counted amounts?`);
    await screen.confirm.accept('Close Shift');
    await screen.toasts.expect('Close Shift Successfully!');

    // The closed shift's detail: counted, differences, and its Z report.
    const detail = page.getByRole('dialog', { name: `Shift ${shiftNo}` });
    await expect(detail.getByTestId('shift-difference')).toHaveText('-10.000');
    const closedMethods = detail.getByTestId('shift-methods');
    await expect(closedMethods.locator('tr', { hasText: 'Cash' })).toContainText('690.000');
    await expect(closedMethods.locator('tr', { hasText: 'Cash' })).toContainText('-10.000');
    // Its receipts, in the order they were processed: the counter's cash, the card on /payment, the transfer.
    const receipts = detail.getByTestId('shift-receipts').locator('tbody tr.ant-table-row');
    await expect(receipts).toHaveCount(3);
    await expect(receipts.nth(0)).toContainText(cashOrder.pos_so_no);
    await expect(receipts.nth(0)).toContainText('Cash');
    await expect(receipts.nth(0)).toContainText('200.000');
    await expect(receipts.nth(1)).toContainText(order2.pos_so_no);
    await expect(receipts.nth(1)).toContainText('Card');
    await expect(receipts.nth(1)).toContainText('150.000');
    await expect(receipts.nth(2)).toContainText('Transfer');
    await expect(receipts.nth(2)).toContainText('200.000');
    await detail.getByRole('button', { name: 'Print Z Report' }).click();
    await screen.toasts.expect('Print Z Report Successfully!');
    const [z] = await jobsOf(mine, shiftNo);
    expect(z.status).toBe('printed');
    await expectPrinted(printer, z);
    expectLine(z.text_lines, 'Z REPORT');
    expectLine(z.text_lines, 'Thực đếm', '690.000');
    expectLine(z.text_lines, 'Chênh lệch', '-10.000');
    expectLine(z.text_lines, 'Tổng dự kiến', '1.050.000');
    expectLine(z.text_lines, 'Tổng thực đếm', '1.040.000');
    expectLine(z.text_lines, 'Tổng chênh lệch', '-10.000');

    // The printer off: a clear warning, nothing undone (the shift stays closed, its figures as they were).
    await printer.stop();
    await detail.getByRole('button', { name: 'Print Z Report' }).click();
    await screen.toasts.expect('The printer is not connected: the Z report was not printed.');
    await expect(detail.getByTestId('shift-difference')).toHaveText('-10.000');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(current).toContainText(`No shift is open at ${LOCATION}`);

    // Past shifts: filtered by location and status, exported.
    const list = page.locator('.list-page');
    await list.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText('Closed', { exact: true })
      .click();
    await list.getByRole('button', { name: 'Search' }).click();
    const row = list.locator('tbody tr.ant-table-row', { hasText: shiftNo });
    await expect(row).toContainText(LOCATION);
    await expect(row).toContainText('Closed');
    await expect(row).toContainText('-10.000');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/shifts.*\.xlsx$/);
    await context.close();
  } finally {
    await printer.stop();
  }
});
