import { test, expect, ListPage } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';

test.describe.configure({ timeout: 300_000 });

test('quote → release → convert → order: the order keeps the quote number, the quote is read-only with a link', async ({
  adminPage: page,
  data,
}) => {
  const customer = await data.customer();
  const item = await data.item({ franchise: 'HN001', unit_price: '250000' });
  const quote = await data.salesDocument({
    document_type: 'quote',
    sell_to_code: customer.customer_no,
    lines: [{ item_no: item, quantity: '3' }],
  });
  const doc = new SalesDocumentPage(page);

  const list = new ListPage(page);
  await list.goto('/salesQuotes', 'Sales Quotes');
  await list.search({ 'POSSO No': quote.pos_so_no });
  await expect(list.row(quote.pos_so_no)).toContainText('Open');
  await expect(list.row(quote.pos_so_no)).toContainText('750.000');
  await list.row(quote.pos_so_no).getByRole('link', { name: quote.pos_so_no }).click();

  await expect(page).toHaveURL(/\/salesQuotes\/detail\?no=/);
  await expect(doc.heading(`Sales Quote ${quote.pos_so_no}`)).toBeVisible();
  await expect(doc.status).toHaveText('Open');
  await expect(doc.total('Grand Total')).toHaveText('750.000');
  // A quote's machine: no Ship Now, no Release (of an order), but Release Quote and Convert To Order.
  await expect(doc.action('Ship Now')).toHaveCount(0);
  await doc.run('Release Quote', 'Do you want to release this sales quote?');
  await doc.toasts.expect('Release Quote Sales Order Successfully!');
  await expect(doc.status).toHaveText('Released');

  await doc.run('Convert To Order', 'Do you want to convert this sales quote into a sales order?');
  await doc.toasts.expect('Convert To Order Sales Order Successfully!');
  await expect(page).toHaveURL(/\/salesOrders\/detail\?no=/);
  const orderNo = new URL(page.url()).searchParams.get('no')!;
  expect(orderNo).not.toBe(quote.pos_so_no);
  await expect(doc.heading(`Sales Order ${orderNo}`)).toBeVisible();
  await expect(doc.status).toHaveText('Open');
  await expect(doc.line(item)).toContainText('750.000');
  await expect(doc.total('Grand Total')).toHaveText('750.000');

  // The order names its quote; the quote is converted, read-only, and links the order.
  await page.getByRole('link', { name: quote.pos_so_no }).click();
  await expect(page).toHaveURL(/\/salesQuotes\/detail\?no=/);
  await expect(doc.status).toHaveText('Converted');
  await expect(doc.action('Convert To Order')).toHaveCount(0);
  await expect(doc.action('Release Quote')).toHaveCount(0);
  await expect(doc.itemField).toHaveCount(0);
  await page.getByRole('link', { name: orderNo }).click();
  await expect(doc.heading(`Sales Order ${orderNo}`)).toBeVisible();

  await list.goto('/salesOrders', 'Sales Orders');
  await list.search({ 'POSSO No': orderNo });
  await expect(list.row(orderNo)).toContainText(quote.pos_so_no);
});
