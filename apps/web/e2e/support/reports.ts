import ExcelJS from 'exceljs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { uniq, type Api, type SalesDoc, makeData } from '../fixtures';
import { pickOption } from './stock';

/**
 * Sales with known amounts for the report journeys, made through the API as head office (admin) in the demo
 * franchise's first store: one unique item at 125.000, a customer who buys it twice (2 and 1 pieces, shipped and
 * invoiced) and returns 1 piece of the first order (a posted credit memo).
 * Filtered to the item, today's revenue is: 3 documents, quantity 2, sales 375.000, returns 125.000, net 250.000.
 */
export async function knownSales(api: Api) {
  const data = makeData(api);
  await data.allowNegativeStock();
  const customer = await data.customer({ name: `E2E Nguyễn Thị Hường ${uniq()}` });
  const item = await data.item({ franchise: 'HN001', unit_price: '125000' });
  const first = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '2' }],
    then: ['release', 'ship'],
  });
  const second = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '1' }],
    then: ['release', 'ship'],
  });
  expect(first.status).toBe('invoiced');
  expect(second.status).toBe('invoiced');
  const memo = await api.post<{ pos_so_no: string; amount: string }>('/api/sales-orders/credit-memo', {
    pos_so_no: first.pos_so_no,
    version: first.version,
    lines: [{ line_no: first.lines[0].line_no, quantity: '1' }],
  });
  return { customer, item, first, second, memo };
}
export type KnownSales = Awaited<ReturnType<typeof knownSales>>;
export type { SalesDoc };

/** The rows of the first sheet of a downloaded .xlsx, each as its cells' values (dates as Date, numbers as number). */
export async function xlsxRows(download: Download): Promise<unknown[][]> {
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((v) => (v && typeof v === 'object' && 'result' in v ? v.result : v)));
  });
  return rows;
}

/** Clicks Export Excel and answers the download. */
export async function exportXlsx(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  return download;
}

/** Picks an option of a list filter's select by its label. */
export async function pickFilter(page: Page, label: string, option: string | RegExp) {
  await pickOption(page, page.locator('form.list-filters').getByRole('combobox', { name: label }), option);
}

/** The texts of a table row's cells. */
export async function cellTexts(row: Locator) {
  return (await row.locator('td').allInnerTexts()).map((t) => t.trim());
}
