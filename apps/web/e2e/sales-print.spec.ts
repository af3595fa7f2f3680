import { test, expect, apiAs, uniq, signIn } from './fixtures';
import { printingCashier } from './support/printing-cashier';
import { RecordingPrinter } from '../../server/src/modules/devices/printing/recording-printer';
import { decodeEscPos } from '../../server/src/modules/devices/printing/decode-escpos';
import { renderDocument } from '../../server/src/modules/devices/printing/render';
import type { PrintDocument } from '../../server/src/modules/devices/printing/document';

test.describe.configure({ timeout: 300_000 });

test('sales print: an order shipped, its invoice printed to the recording printer, Vietnamese and "Bằng chữ"', async ({
  browser,
  baseURL,
  api,
  data,
  request,
}) => {
  const printer = new RecordingPrinter();
  await printer.start();
  try {
    const u = uniq();
    const username = `e2e.print.${u}`;
    // A cashier of HN001 whose assigned printer is the recording one.
    await printingCashier(api, printer, { username, firstname: 'Lan', lastname: 'Nguyễn' });

    const item = await data.item({ franchise: 'HN001', unit_price: '1250000', description: `Nồi cơm điện ${u}` });
    await data.allowNegativeStock();
    const customer = await data.customer({ name: `Trần Thị Hoa ${u}` });
    const order = await data.salesDocument({
      sell_to_code: customer.customer_no,
      lines: [{ item_no: item, quantity: '1' }],
      then: ['release', 'ship'],
    });
    const full = await api.get<{ invoices: { pos_si_no: string }[] }>(`/api/sales-orders/${order.pos_so_no}`);
    const siNo = full.invoices[0].pos_si_no;

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, username, 'Passw0rd1');
    await page.goto(`/salesOrdersInvoicedCanceled/detail?no=${order.pos_so_no}`);
    const panel = page.getByTestId('print-panel');
    await panel.getByRole('button', { name: `Print Invoice ${siNo}` }).click();
    await expect(page.getByText('Print Sales Invoice Successfully!')).toBeVisible();

    const decoded = decodeEscPos(await printer.waitForJob());
    const mine = await apiAs(request, username, 'Passw0rd1');
    const log = await mine.list<{ document: PrintDocument; text_lines: string[]; status: string }>(
      '/api/print-jobs/filter',
      { document_no: siNo },
    );
    const job = log.items[0];
    expect(job.status).toBe('printed');
    const expected = renderDocument(job.document);
    expect(decoded.images).toHaveLength(1);
    expect(decoded.images[0].height).toBe(expected.height);
    expect(Buffer.from(decoded.images[0].bits).equals(Buffer.from(expected.bits))).toBe(true);
    expect(decoded.cut).toBe(true);
    expect(job.text_lines).toContain(`Nồi cơm điện ${u}`);
    expect(job.text_lines).toContain('HÓA ĐƠN BÁN HÀNG');
    expect(job.text_lines).toContain('Bằng chữ: Một triệu hai trăm năm mươi nghìn đồng');
    await context.close();
  } finally {
    await printer.stop();
  }
});
