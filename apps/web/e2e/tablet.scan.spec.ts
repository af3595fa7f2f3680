import { tmpdir } from 'node:os';
import { join } from 'node:path';
import config from '../playwright.config';
import { test, expect, DEMO_FRANCHISE, uniq, signIn } from './fixtures';
import { fakeCameraArgs, writeQrCamera } from './support/fake-camera';
import { SalesDocumentPage } from './support/sales-document';
import { expectNoHorizontalScroll, expectTouchTargets, tabletClerk } from './support/tablet';

// /tablet/scanQR (issue 9) in Chromium with a fake camera that shows a printed QR code of an item number.
test.describe.configure({ timeout: 300_000 });

// The camera file is written when this file loads, before the worker starts its browser with it.
const ITEM = `QR${uniq()}`.toUpperCase().slice(0, 20);
const CAMERA = writeQrCamera(ITEM, join(tmpdir(), `fp-e2e-camera-${process.env.E2E_PORT}-${process.pid}.y4m`));
const base = config.use?.launchOptions ?? {};

// The configuration's Chromium flags, plus the fake camera's (a worker option: for the whole file).
test.use({
  launchOptions: { ...base, args: [...(base.args ?? []), ...fakeCameraArgs(CAMERA)] },
  permissions: ['camera'],
});

test('a scanned item goes into the open tablet order, which is then confirmed', async ({ page, api, data }) => {
  const u = uniq();
  await data.item({ item_no: ITEM, franchise: DEMO_FRANCHISE, unit_price: '48000', description: `Bánh quy ${u}` });
  const other = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '10000', description: `Kẹo ${u}` });
  const clerk = await tabletClerk(api, await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE }));
  const customer = await data.customer({ name: `Khách quét ${u}` });
  const order = await data.salesDocument({
    sell_to_code: customer.customer_no,
    lines: [{ item_no: other, quantity: '1' }],
  });
  await signIn(page, clerk.username, clerk.password);
  const doc = new SalesDocumentPage(page);

  // The order opened on the tablet is the one scanned items go to; Scan opens the camera.
  await page.goto(`/tablet/salesOrders/detail?no=${order.pos_so_no}`);
  await expect(doc.status).toHaveText('Open');
  await page.getByRole('main').getByRole('button', { name: /Scan$/ }).tap();
  await expect(page).toHaveURL(/\/tablet\/scanQR$/);
  await expect(page.getByRole('combobox', { name: 'Order' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open order' })).toContainText(order.pos_so_no);

  // The camera reads the printed code: the item with its price.
  const result = page.getByTestId('scan-result');
  await expect(result).toContainText(ITEM, { timeout: 60_000 });
  await expect(result).toContainText(`Bánh quy ${u}`);
  await expect(result.getByTestId('scan-price')).toHaveText('48.000');
  await expect(page.getByRole('button', { name: 'Stop Camera' })).toBeVisible();
  await expectTouchTargets(page.getByRole('main'));
  await expectNoHorizontalScroll(page);

  await result.getByRole('button', { name: 'Add To Order' }).tap();
  await expect(result).toContainText(`Added ${ITEM} to ${order.pos_so_no}: quantity 1`);
  // The same code still in front of the camera does not open again; Scan Next reads it once more (one more unit).
  await result.getByRole('button', { name: 'Scan Next' }).tap();
  await expect(result.getByRole('button', { name: 'Add To Order' })).toBeVisible({ timeout: 60_000 });
  await result.getByRole('button', { name: 'Add To Order' }).tap();
  await expect(result).toContainText(`Added ${ITEM} to ${order.pos_so_no}: quantity 2`);

  await page.getByRole('link', { name: `Open ${order.pos_so_no}` }).tap();
  await expect(page).toHaveURL(new RegExp(`/tablet/salesOrders/detail\\?no=${order.pos_so_no}$`));
  const line = page.getByTestId('tablet-line').filter({ hasText: ITEM });
  await expect(line.getByTestId('line-quantity')).toHaveText('2');
  await expect(doc.total('Grand Total')).toHaveText('106.000');

  await doc.action('Release').tap();
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Release Sales Order Successfully!');
  await expect(doc.status).toHaveText('Released');
  await doc.action('Confirm').tap();
  await doc.confirm.expectText('Do you want to confirm this sales order?');
  await doc.confirm.accept('Yes');
  await doc.toasts.expect('Confirm Sales Order Successfully!');
  await expect(doc.status).toHaveText('Confirmed');
  const saved = await api.get<{ status: string; lines: { item_no: string; quantity: string }[] }>(
    `/api/sales-orders/${order.pos_so_no}`,
  );
  expect(saved.status).toBe('confirmed');
  expect(Number(saved.lines.find((l) => l.item_no === ITEM)?.quantity)).toBe(2);
});

test('without a camera the screen says so, and typed codes open an order and a customer card', async ({
  page,
  api,
  data,
}) => {
  // The browser refuses the camera, as when the permission was denied.
  await page.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    });
  });
  const u = uniq();
  const clerk = await tabletClerk(api, await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE }));
  const customer = await data.customer({ name: `Khách thẻ ${u}` });
  const item = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '7000', description: `Kẹo gừng ${u}` });
  const order = await data.salesDocument({ lines: [{ item_no: item, quantity: '1' }] });
  await signIn(page, clerk.username, clerk.password);

  await page.goto('/tablet/scanQR');
  await expect(page.getByRole('alert').filter({ hasText: 'Camera permission denied' })).toBeVisible();
  await expect(page.getByText('type the code below')).toBeVisible();
  const code = page.getByLabel('Code', { exact: true });

  // An item number shows its price (no open order chosen: it says how to add it).
  await code.fill(item.toLowerCase());
  await code.press('Enter');
  await expect(page.getByTestId('scan-price')).toHaveText('7.000');
  await expect(page.getByTestId('scan-result')).toContainText('Choose an open order above');

  // A customer card (mobile phone): a new tablet order for that customer.
  await code.fill(customer.phone_no);
  await code.press('Enter');
  const card = page.getByTestId('scan-result');
  await expect(card).toContainText(`Khách thẻ ${u}`);
  await expect(card).toContainText(customer.customer_no);
  await card.getByRole('button', { name: 'New Order For Customer' }).tap();
  await expect(page).toHaveURL(/\/tablet\/salesOrders\/detail\?customer=/);
  await expect(page.getByTestId('customer')).toContainText(`Khách thẻ ${u}`);

  // An order number opens the order.
  await page.goto('/tablet/scanQR');
  await code.fill(order.pos_so_no);
  await code.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tablet/salesOrders/detail\\?no=${order.pos_so_no}$`));

  // Nothing known.
  await page.goto('/tablet/scanQR');
  await code.fill(`NOPE${u}`);
  await code.press('Enter');
  await expect(page.getByTestId('scan-result')).toContainText(`No item, order or customer matches "NOPE${u}"`);
});
