import { test, expect, DEMO_PASSWORD, apiAs, uniq, signIn } from './fixtures';

test('tablet documents: store staff search an item and tap a card to open its file', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const item = `TAB-${uniq()}`.toUpperCase().slice(0, 20);
  const bytes = Buffer.from(`Bảng giá ${item}\n`, 'utf8');
  // Setup through the API: one document for the item.
  const admin = await apiAs(request);
  await admin.post('/api/items', {
    item_no: item,
    description: `Nồi cơm ${item}`,
    base_unit_of_measure: 'PCS',
    unit_price: '990000',
  });
  const upload = await request.post('/api/item-documents', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      item_no: item,
      title: 'Bảng giá tháng',
      document_type: 'price_sheet',
      file: { name: 'bang-gia.txt', mimeType: 'text/plain', buffer: bytes },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  // A store's staff member: the demo grants the tablet documents page to read.
  await signIn(page, 'hanoi.staff', DEMO_PASSWORD);
  await page.goto('/tablet/document');
  await page.getByLabel('Search by item').fill(item);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('button', { name: 'Open Bảng giá tháng' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Price Sheet');
  const box = await card.boundingBox();
  expect(box && box.height >= 48 && box.width >= 48).toBe(true);

  const [tab] = await Promise.all([context.waitForEvent('page'), card.tap()]);
  await tab.waitForLoadState();
  await expect(tab.locator('body')).toContainText(`Bảng giá ${item}`);
  expect((await (await page.request.get(tab.url())).body()).equals(bytes)).toBe(true);

  await page.getByLabel('Search by item').fill(`${item}-NONE`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`No documents for item "${item}-NONE"`)).toBeVisible();
});
