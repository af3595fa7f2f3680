import type { Locator, Page } from '@playwright/test';
import { formatNumber } from '@fp/contract/web';
import { test, expect, DEMO_FRANCHISE, uniq, type Api } from './fixtures';
import { ListPage, pickOption } from './support/pages';
import { SalesDocumentPage } from './support/sales-document';
import { sinvoice } from './support/sinvoice';

// E-invoices from the cash register (issue 21): the product runs with EINVOICE_MODE=sinvoice against a SInvoice-shaped
// test server on 127.0.0.1 (playwright.config.ts, e2e/support/sinvoice.ts). The cashier's receipt carries the tax
// authority's code once issued, a company buyer's invoice names the company, a credit memo issues an adjusting
// e-invoice, and head office follows them per franchise and day, filters, exports and sends a failed one again.
test.describe.configure({ timeout: 300_000 });

/** What GET /api/e-invoices/{no} answers (the fields the journeys read). */
type EInvoice = {
  state: string;
  transaction_uuid: string;
  invoice_no: string;
  invoice_series: string;
  code_of_tax: string;
  reservation_code: string;
  buyer_tax_code: string;
  buyer_company_name: string;
  adjustment_type: string;
  original_pos_si_no: string;
  original_invoice_no: string;
  message: string;
};

/** The e-invoice of a posted document once the outbox has sent it (issued or failed). */
async function settled(api: Api, no: string): Promise<EInvoice> {
  let e: EInvoice | undefined;
  await expect(async () => {
    e = await api.get<EInvoice>(`/api/e-invoices/${encodeURIComponent(no)}`);
    expect(['issued', 'failed']).toContain(e.state);
  }).toPass({ timeout: 90_000 });
  return e!;
}

/** F4 with a customer's phone: the sale's customer. */
async function pickCustomer(page: Page, phone: string, name: string) {
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Customer' });
  await dialog.getByLabel('Mobile Phone').fill(phone);
  await dialog.getByLabel('Mobile Phone').press('Enter');
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Use' }).click();
  await expect(dialog).toBeHidden();
}

/** A scanner: the code typed, then Enter; F9 and Enter pay the exact amount in cash. */
async function sellAndPay(page: Page, itemNo: string, total: number) {
  const field = page.getByLabel('Item number, barcode or name');
  await field.click();
  await page.keyboard.type(itemNo, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('counter-subtotal')).toHaveText(formatNumber(total));
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: `Pay ${formatNumber(total)}` });
  await expect(pay.getByLabel('Amount')).toHaveValue(String(total));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('counter-receipt')).toBeVisible();
}

/** One option of a multiple select (its dropdown stays open: Escape closes it). */
async function pickMany(page: Page, select: Locator, text: string) {
  await select.click();
  const list = await select.getAttribute('aria-controls');
  const dropdown = page.locator(`.ant-select-dropdown:has([id="${list}"])`);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
}

const invoiceOfReceipt = async (page: Page, api: Api) => {
  const order = (await page.getByTestId('counter-receipt-order').innerText()).trim();
  const o = await api.get<{ invoices: { pos_si_no: string }[] }>(`/api/sales-orders/${order}`);
  return { order, invoice: o.invoices[0].pos_si_no };
};

test('a walk-in sale: the receipt says the e-invoice is being issued, then shows its number, series and tax authority code; a reprint keeps them', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  const u = uniq();
  await data.allowNegativeStock();
  await data.openShift();
  const customer = await data.customer({ name: `Khách lẻ ${u}` });
  const item = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '110000', description: `Ly sứ ${u}` });
  await page.goto('/counter');
  await expect(page.getByLabel('Item number, barcode or name')).toBeFocused(); // the counter is ready for its keys

  // The provider answers 503 to the next calls while the sale is made: the receipt prints without the codes, saying so.
  await sinvoice.failNext(3);
  await pickCustomer(page, customer.phone_no, customer.name);
  await sellAndPay(page, item, 110000);
  const receipt = page.getByTestId('counter-receipt');
  await expect(receipt.getByTestId('counter-receipt-seller')).toContainText('MST: 0100109106');
  await expect(receipt.getByTestId('counter-receipt-einvoice-pending')).toHaveText(
    'Hóa đơn điện tử đang được phát hành',
  );
  const { invoice } = await invoiceOfReceipt(page, api);

  // The provider is back: the outbox sends it again, and the receipt shows the codes the provider answered.
  const e = await settled(api, invoice);
  expect(e.state).toBe('issued');
  expect(e.invoice_no).toMatch(/^C26MAA\d{7}$/);
  await expect(receipt.getByTestId('counter-receipt-code-of-tax')).toHaveText(e.code_of_tax, { timeout: 60_000 });
  await expect(receipt.getByTestId('counter-receipt-einvoice-no')).toHaveText(e.invoice_no);
  await expect(receipt).toContainText('Ký hiệu: 1/001 C26MAA');
  await expect(receipt).toContainText(`Mã tra cứu: ${e.reservation_code}`);
  await expect(receipt.getByRole('img', { name: 'QR code of the lookup address' })).toBeVisible();
  await expect(receipt.getByTestId('counter-receipt-einvoice-pending')).toHaveCount(0);

  // A reprint (the page opened again) shows the codes at once.
  await page.reload();
  await expect(page.getByTestId('counter-receipt-code-of-tax')).toHaveText(e.code_of_tax);
  // Sent once: the provider holds one invoice for its transactionUuid.
  expect((await sinvoice.invoices()).filter((i) => i.transactionUuid === e.transaction_uuid)).toHaveLength(1);
});

test('a company buyer at the counter: the tax code is checked as the server does, the receipt and the e-invoice name the company', async ({
  storeStaffPage: page,
  api,
  data,
}) => {
  const u = uniq();
  await data.allowNegativeStock();
  await data.openShift();
  const customer = await data.customer({ name: `Khách công ty ${u}` });
  const item = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '250000', description: `Bộ ấm trà ${u}` });
  await page.goto('/counter');
  await expect(page.getByLabel('Item number, barcode or name')).toBeFocused(); // the counter is ready for its keys
  await pickCustomer(page, customer.phone_no, customer.name);

  await page.getByRole('button', { name: 'Company Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Company Invoice' });
  await dialog.getByLabel('Buyer Tax Code').fill('01234');
  await dialog.getByRole('button', { name: 'Use' }).click();
  await expect(dialog.getByText('Tax code must be 10 or 13 digits (0123456789 or 0123456789-001)')).toBeVisible();
  await expect(dialog.getByText('Company name is required with a tax code')).toBeVisible();
  await expect(dialog.getByText('Company address is required with a tax code')).toBeVisible();
  // Enter moves from field to field; Enter in the last one uses the buyer.
  await dialog.getByLabel('Buyer Tax Code').fill('0312345678-001');
  await dialog.getByLabel('Buyer Tax Code').press('Enter');
  await expect(dialog.getByLabel('Company Name')).toBeFocused();
  await page.keyboard.type(`Công ty TNHH Minh Anh ${u}`);
  await page.keyboard.press('Enter');
  await page.keyboard.type('12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('counter-buyer')).toContainText('0312345678-001');

  await sellAndPay(page, item, 250000);
  const receipt = page.getByTestId('counter-receipt');
  await expect(receipt.getByTestId('counter-receipt-buyer')).toContainText(`Công ty TNHH Minh Anh ${u}`);
  await expect(receipt.getByTestId('counter-receipt-buyer')).toContainText('MST: 0312345678-001');
  const { order, invoice } = await invoiceOfReceipt(page, api);
  const e = await settled(api, invoice);
  expect(e).toMatchObject({
    state: 'issued',
    buyer_tax_code: '0312345678-001',
    buyer_company_name: `Công ty TNHH Minh Anh ${u}`,
  });
  await expect(receipt.getByTestId('counter-receipt-code-of-tax')).toHaveText(e.code_of_tax);
  expect((await sinvoice.invoices()).filter((i) => i.transactionUuid === e.transaction_uuid)).toHaveLength(1);
  // The next sale is a consumer's again.
  await expect(page.getByTestId('counter-buyer')).toHaveCount(0);

  // The order screen shows the company and the issued e-invoice.
  await page.goto(`/salesOrdersInvoicedCanceled/detail?no=${order}`);
  await expect(page.getByLabel('Buyer Tax Code')).toHaveValue('0312345678-001');
  await expect(page.getByLabel('Company Name')).toHaveValue(`Công ty TNHH Minh Anh ${u}`);
  const facts = page.getByTestId('order-einvoices');
  await expect(facts).toContainText(invoice);
  await expect(facts).toContainText('Issued');
  await expect(facts).toContainText(e.invoice_no);
});

test('a store manager gives a sales order a company buyer; a credit memo of its invoice issues an adjusting e-invoice that refers to the original', async ({
  storeManagerPage: page,
  api,
  data,
}) => {
  const u = uniq();
  await data.allowNegativeStock();
  const customer = await data.customer();
  const shirt = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '150000' });
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: shirt, quantity: '2' }],
  });
  const doc = new SalesDocumentPage(page);

  // The header takes the company buyer, checked as the server checks it.
  await page.goto(`/salesOrders/detail?no=${order.pos_so_no}`);
  await expect(doc.status).toHaveText('Open');
  await page.getByLabel('Buyer Tax Code').fill('12345678901');
  await doc.action('Save').click();
  await expect(doc.error('Tax code must be 10 or 13 digits (0123456789 or 0123456789-001)')).toBeVisible();
  await expect(doc.error('Company name is required with a tax code')).toBeVisible();
  await page.getByLabel('Buyer Tax Code').fill('0109876543');
  await page.getByLabel('Company Name').fill(`Công ty CP Sao Mai ${u}`);
  await page.getByLabel('Company Address').fill('5 Tràng Tiền, Hà Nội');
  await doc.action('Save').click();
  await doc.toasts.expect('Update Sales Order Successfully!');
  const saved = await api.get<{ buyer_tax_code: string; buyer_company_name: string; version: number }>(
    `/api/sales-orders/${order.pos_so_no}`,
  );
  expect(saved).toMatchObject({ buyer_tax_code: '0109876543', buyer_company_name: `Công ty CP Sao Mai ${u}` });

  // Released and shipped on credit: the invoice's e-invoice is issued.
  const released = await api.put<{ version: number }>('/api/sales-orders/status', {
    pos_so_no: order.pos_so_no,
    version: saved.version,
    status: 'released',
  });
  await api.post('/api/sales-orders/ship', {
    pos_so_no: order.pos_so_no,
    version: released.version,
    sell_on_credit: true,
  });
  const invoices = (await api.get<{ invoices: { pos_si_no: string }[] }>(`/api/sales-orders/${order.pos_so_no}`))
    .invoices;
  const original = await settled(api, invoices[0].pos_si_no);
  expect(original).toMatchObject({ state: 'issued', buyer_tax_code: '0109876543', adjustment_type: '1' });

  // The manager credits one shirt.
  await page.goto(`/salesOrdersInvoicedCanceled/detail?no=${order.pos_so_no}`);
  await expect(page.getByTestId('order-einvoices')).toContainText(original.invoice_no);
  await doc.action('Create Credit Memo').click();
  await page.getByLabel(`Quantity to credit of ${shirt}`).fill('1');
  await doc.action('Credit Selected').click();
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Create Credit Memo Sales Order Successfully!');
  await expect(page).toHaveURL(/\/salesOrdersInvoicedCanceled\/detail\?no=/);

  // Its e-invoice adjusts the original: adjustmentType 5 and the original's number.
  const memos = (await api.get<{ credit_memos: { pos_so_no: string }[] }>(`/api/sales-orders/${order.pos_so_no}`))
    .credit_memos;
  const memoNo = memos[0].pos_so_no;
  const adjusting = await settled(api, memoNo);
  expect(adjusting).toMatchObject({
    state: 'issued',
    adjustment_type: '5',
    original_pos_si_no: invoices[0].pos_si_no,
    original_invoice_no: original.invoice_no,
  });
  const sent = (await sinvoice.invoices()).find((i) => i.transactionUuid === adjusting.transaction_uuid);
  expect(sent).toMatchObject({ adjustmentType: '5', originalInvoiceId: original.invoice_no });

  // The order screen shows it; its details name the kind and the original.
  await page.reload();
  await expect(page.getByTestId('order-einvoices')).toContainText(adjusting.invoice_no);
  await page.getByRole('button', { name: `E-invoice details of ${memoNo}` }).click();
  const details = page.getByTestId('einvoice-details');
  await expect(details).toContainText('Adjusting');
  await expect(details).toContainText(`${invoices[0].pos_si_no} · ${original.invoice_no}`);
  await expect(details).toContainText(adjusting.code_of_tax);
});

test('head office: per franchise and day, the list filtered by state and franchise, exported, and a refused e-invoice sent again', async ({
  headOfficePage: page,
  api,
  data,
}) => {
  await data.allowNegativeStock();
  const customer = await data.customer();
  const item = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '99000' });
  // Nothing waiting in the outbox (invoices of earlier journeys), so the refusal below meets this journey's invoice.
  await expect(async () => {
    expect((await api.list('/api/e-invoices/filter', { state: 'pending' })).total_count).toBe(0);
  }).toPass({ timeout: 90_000 });
  // One invoice the provider refuses (a validation error in SInvoice's shape), one it issues.
  await sinvoice.rejectNext('INVOICE_DATA_INVALID', 'Tổng tiền thanh toán không khớp với tổng tiền hàng');
  const sell = async () => {
    const d = await data.salesDocument({
      sell_to_code: customer.customer_no,
      lines: [{ item_no: item, quantity: '1' }],
      then: ['release', 'ship'],
    });
    return (await api.get<{ invoices: { pos_si_no: string }[] }>(`/api/sales-orders/${d.pos_so_no}`)).invoices[0]
      .pos_si_no;
  };
  const refused = await sell();
  expect((await settled(api, refused)).state).toBe('failed');
  const issued = await sell();
  expect((await settled(api, issued)).state).toBe('issued');

  const list = new ListPage(page);
  await list.goto('/eInvoices', 'E-Invoices');

  // Per franchise and day: today's row of the demo franchise counts the failed one; its count opens those.
  await page.getByRole('tab', { name: 'By franchise and day' }).click();
  const summary = page.getByRole('tabpanel', { name: 'By franchise and day' });
  const row = summary.getByRole('row').filter({ hasText: DEMO_FRANCHISE }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Show \d+ Failed of HN001 on / }).click();
  await expect(page.getByTestId('einvoice-drill')).toContainText('HN001');
  const panel = page.getByRole('tabpanel', { name: 'E-invoices' });
  await expect(panel.getByRole('row').filter({ hasText: refused })).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: issued })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show every franchise and day' }).click();

  // The list filtered by state and franchise on the server.
  await pickMany(page, list.filter('E-Invoice State'), 'Issued');
  await pickOption(page, list.filter('Franchise'), new RegExp(`^${DEMO_FRANCHISE} — `));
  await list.search();
  await expect(list.row(issued)).toBeVisible();
  await expect(list.row(issued)).toContainText('Issued');
  await expect(list.row(refused)).toHaveCount(0);
  expect(await list.export()).toBe('e-invoices.xlsx');

  // The refused one: its details carry the provider's message; Send Again asks first, then it is issued.
  await list.reset();
  await pickMany(page, list.filter('E-Invoice State'), 'Failed');
  await list.search();
  await list.rowAction(refused, `E-invoice details of ${refused}`).click();
  await expect(page.getByTestId('einvoice-details')).toContainText(
    'Tổng tiền thanh toán không khớp với tổng tiền hàng',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('einvoice-details')).toHaveCount(0);
  await list.rowAction(refused, `Send again ${refused}`).click();
  await list.confirm.expectText(`Send the e-invoice of ${refused} to the provider again?`);
  await list.confirm.accept('Yes');
  await list.toasts.expect('Send Again E-Invoice Successfully!');
  expect((await settled(api, refused)).state).toBe('issued');
  await list.reset();
  await list.search({ 'Document No': refused });
  await expect(list.row(refused)).toContainText('Issued');
});
