import { test, expect, ListPage, makeData } from './fixtures';
import { dayOffset, pickOption } from './support/stock';
import { cellTexts, exportXlsx, knownSales, xlsxRows } from './support/reports';

// The sales reports (issue 11) over sales with known amounts (support/reports.ts knownSales): filtered to the
// journey's item, today's revenue is 3 documents, quantity 2, sales 375.000, returns 125.000, net 250.000.

test.describe.configure({ timeout: 300_000 });

const today = () => dayOffset(0);
/** The first load of a screen on a busy machine may take longer than the default wait. */
const slow = expect.configure({ timeout: 90_000 });
async function open(list: ListPage, url: string, heading: string) {
  await list.page.goto(url);
  await slow(list.heading(heading)).toBeVisible();
  await slow(list.table).toBeVisible();
}
/** A row of an exported sheet holding every value given (numbers or texts). */
const sheetRow = (rows: unknown[][], ...values: unknown[]) =>
  rows.find((r) => values.every((v) => r.some((c) => c === v || String(c) === String(v))));

test('revenue summary: a chart of net revenue, the exact figures and totals, Export Excel of the filtered set', async ({
  adminPage: page,
  api,
}) => {
  const s = await knownSales(api);
  const list = new ListPage(page);
  await open(list, '/reports/revenue/summaries', 'Revenue Summaries');
  // This month up to today by default.
  await expect(page.getByLabel('From Date')).toHaveValue(`01-${today().display.slice(3)}`);
  await expect(page.getByLabel('To Date')).toHaveValue(today().display);

  await list.search({ 'Item No': s.item });
  await expect(list.rows).toHaveCount(1);
  await expect
    .poll(() => cellTexts(list.rows.first()))
    .toEqual([today().display, '3', '2', '375.000', '125.000', '250.000']);
  const totals = page.getByTestId('revenue-summary-totals');
  await expect.poll(() => cellTexts(totals)).toEqual(['Total', '3', '2', '375.000', '125.000', '250.000']);

  // The chart: recharts draws one bar for the one day; its axis reads German-style numbers.
  const chart = page.getByRole('figure', { name: 'Net revenue by Day' });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(1);
  // The axes read the day DD-MM-YYYY and the amounts German-style (e.g. 260.000).
  await expect(chart.locator('svg text').filter({ hasText: today().display }).first()).toBeVisible();
  await expect(
    chart
      .locator('svg text')
      .filter({ hasText: /^\d{1,3}(\.\d{3})+$/ })
      .first(),
  ).toBeVisible();

  // Export Excel: the whole filtered set as .xlsx.
  const download = await exportXlsx(page);
  expect(download.suggestedFilename()).toBe('revenue-summary.xlsx');
  const rows = await xlsxRows(download);
  expect(sheetRow(rows, 375000, 125000, 250000)).toBeTruthy();
  expect(rows.filter((r) => r.some((c) => c === 250000))).toHaveLength(1);

  // Grouped by franchise: one bar and one row for HN001 with the same figures.
  await pickOption(page, page.getByRole('combobox', { name: 'Group By' }), 'Franchise');
  await expect(list.header('Franchise')).toBeVisible();
  await expect(list.rows).toHaveCount(1);
  await expect.poll(async () => (await cellTexts(list.rows.first()))[0]).toBe('HN001');
  const byFranchise = await cellTexts(list.rows.first());
  expect(byFranchise.slice(2)).toEqual(['3', '2', '375.000', '125.000', '250.000']);
  await expect(
    page.getByRole('figure', { name: 'Net revenue by Franchise' }).locator('.recharts-bar-rectangle'),
  ).toHaveCount(1);

  // One more invoice of one unit, then Refresh Data: the table, the totals row and the chart read it.
  await makeData(api).salesDocument({
    sell_to_code: s.customer.customer_no,
    lines: [{ item_no: s.item, quantity: '1' }],
    then: ['release', 'ship'],
  });
  await list.refresh();
  await expect
    .poll(async () => (await cellTexts(list.rows.first())).slice(2))
    .toEqual(['4', '3', '500.000', '125.000', '375.000']);
  await expect
    .poll(async () => (await cellTexts(totals)).filter(Boolean))
    .toEqual(['Total', '4', '3', '500.000', '125.000', '375.000']);

  // A period without these sales shows the empty states.
  await page.getByLabel('From Date').fill(dayOffset(-400).display);
  await page.getByLabel('From Date').press('Enter');
  await page.getByLabel('To Date').fill(dayOffset(-399).display);
  await page.getByLabel('To Date').press('Enter');
  await expect(list.table.getByText('No data')).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'Net revenue by Franchise' }).locator('.ant-empty-description'),
  ).toHaveText('No data');
});

test('revenue details: one row per posted document with totals and export; a document number opens its order', async ({
  adminPage: page,
  api,
}) => {
  const s = await knownSales(api);
  const list = new ListPage(page);
  await open(list, '/reports/revenue/details', 'Revenue Details');
  await list.search({ 'POSSO No': s.first.pos_so_no });
  await expect(list.rows).toHaveCount(2);
  const invoice = list.row('Invoice');
  const memo = list.row('Credit Memo');
  await expect(invoice).toContainText(s.first.pos_so_no);
  await expect(invoice).toContainText(today().display);
  await expect(invoice).toContainText(s.customer.name);
  await expect.poll(async () => (await cellTexts(invoice)).slice(-2)).toEqual(['2', '250.000']);
  await expect.poll(async () => (await cellTexts(memo)).slice(-2)).toEqual(['-1', '-125.000']);
  const totals = page.getByTestId('revenue-detail-totals');
  await expect(totals).toContainText('Total (2 documents)');
  await expect.poll(async () => (await cellTexts(totals)).filter(Boolean).slice(-2)).toEqual(['1', '125.000']);

  const rows = await xlsxRows(await exportXlsx(page));
  expect(sheetRow(rows, s.first.pos_so_no, 250000)).toBeTruthy();
  expect(sheetRow(rows, s.first.pos_so_no, -125000)).toBeTruthy();
  expect(rows.filter((r) => r.includes(s.first.pos_so_no))).toHaveLength(2);

  // The invoice's number opens the (invoiced, read-only) order.
  await invoice.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/salesOrdersInvoicedCanceled/detail\\?no=${s.first.pos_so_no}$`));
});

test('sales history: the customer found without diacritics, their orders, one order with its invoiced lines', async ({
  adminPage: page,
  api,
}) => {
  const s = await knownSales(api);
  const list = new ListPage(page);
  await open(list, '/reports/salesHistorical', 'Sales History');
  // "Nguyễn Thị Hường" typed without diacritics.
  const suffix = s.customer.name.split(' ').pop()!;
  await list.search({ Customer: `nguyen thi huong ${suffix}` });
  await expect(list.rows).toHaveCount(2);
  await expect(list.row(s.first.pos_so_no)).toContainText('250.000');
  await expect(list.row(s.second.pos_so_no)).toContainText('125.000');
  await expect(list.row(s.first.pos_so_no)).toContainText(s.customer.phone_no);
  await list.search({ Customer: '', Phone: s.customer.phone_no });
  await expect(list.rows).toHaveCount(2);

  await list.row(s.first.pos_so_no).getByRole('link', { name: s.first.pos_so_no }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/salesHistorical/${s.first.pos_so_no}$`));
  await expect(page.getByRole('heading', { name: `Sales History ${s.first.pos_so_no}` })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: s.item });
  await expect(line).toContainText('125.000');
  await expect.poll(async () => (await cellTexts(line)).slice(-4)).toEqual(['2', '125.000', '0', '250.000']);
  const totals = page.getByTestId('sales-history-totals');
  await expect(totals).toContainText('Amount Invoiced250.000');
  await expect(totals).toContainText('Amount Credited125.000');
  await page.getByRole('link', { name: 'Open Sales Order' }).click();
  await expect(page).toHaveURL(new RegExp(`/salesOrdersInvoicedCanceled/detail\\?no=${s.first.pos_so_no}$`));
});

test('new customer records: the customer created today, the by-day chart and the export', async ({
  adminPage: page,
  api,
}) => {
  const s = await knownSales(api);
  const list = new ListPage(page);
  await open(list, '/reports/newCustomerRecord', 'New Customer Records');
  await expect(
    page
      .getByRole('figure', { name: /^New customers per day/ })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  await list.search({ Phone: s.customer.phone_no });
  await expect(list.rows).toHaveCount(1);
  const row = list.rows.first();
  await expect(row).toContainText(s.customer.customer_no);
  await expect(row).toContainText(s.customer.name);
  await expect(row).toContainText(today().display);
  await expect(row.getByRole('link', { name: s.first.pos_so_no })).toBeVisible();
  // The chart counts the filtered customers: one, today.
  const chart = page.getByRole('figure', { name: 'New customers per day (1 customer)' });
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(1);

  const rows = await xlsxRows(await exportXlsx(page));
  expect(sheetRow(rows, s.customer.customer_no, s.customer.phone_no)).toBeTruthy();
});

test('redeemable points used: the points a customer used, their value, totals and export', async ({
  adminPage: page,
  api,
}) => {
  const s = await knownSales(api);
  const order = `WEB${Date.now().toString(36)}`.toUpperCase();
  const website = `W-${Date.now().toString(36)}`;
  await api.post('/api/redeemable-points', {
    pos_so_no: order,
    customer_no: s.customer.customer_no,
    redeemable_point_used: 1,
    website_no: website,
  });
  const list = new ListPage(page);
  await open(list, '/reports/redeemablePointUsed', 'Redeemable Points Used');
  await list.search({ 'POSSO No': order });
  await expect(list.rows).toHaveCount(1);
  const row = list.rows.first();
  for (const text of [s.customer.customer_no, s.customer.name, 'Franchise', website, today().display, '1.000'])
    await expect(row).toContainText(text);
  const totals = page.getByTestId('points-used-totals');
  await expect(totals).toContainText('Total (1 entry)');
  await expect.poll(async () => (await cellTexts(totals)).filter(Boolean)).toEqual(['Total (1 entry)', '1', '1.000']);

  const rows = await xlsxRows(await exportXlsx(page));
  expect(sheetRow(rows, order, s.customer.customer_no, website)).toBeTruthy();
});
