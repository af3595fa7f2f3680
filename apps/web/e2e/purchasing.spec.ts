import { test, expect as baseExpect, DEMO_FRANCHISE } from './fixtures';
import { ListPage } from './support/pages';
import { PurchaseDocumentPage, purchasing } from './support/purchasing';

test.describe.configure({ timeout: 900_000 });
// The machine these journeys run on is shared: a screen may take a while to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

const LIST_COLUMNS = [
  'No.',
  'SO No',
  'Type',
  'Vendor Name',
  'Buy From',
  'Location',
  'Status',
  'Order Date',
  'Requested Receipt Date',
  'Total Lines',
  'Purch Amount',
  'Remaining Amount',
  'Payable',
  'Reason Canceled',
];

/** Opens a list and waits for its heading (a screen's code loads on its route: slow on a busy machine). */
async function openList(list: ListPage, url: string, heading: string) {
  await list.page.goto(url);
  await expect(list.heading(heading)).toBeVisible();
  await expect(list.table).toBeVisible();
}

test('a store buys from head office: create, release, head office ships in two parts, the store receives and returns one line', async ({
  storeManagerPage: store,
  headOfficePage: office,
  api,
  data,
}) => {
  const shirt = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '150000' });
  const socks = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '20000' });
  const doc = new PurchaseDocumentPage(store);
  const list = new ListPage(store);

  // The store creates the order from the list's Add New and enters the lines by keyboard.
  await openList(list, '/purchasesOrders', 'Purchase Orders');
  for (const column of LIST_COLUMNS) await expect(list.header(column)).toBeVisible();
  await list.addNew().click();
  await expect(store).toHaveURL(/\/purchasesOrders\/detail$/);
  await expect(doc.heading('New Purchase Order')).toBeVisible();
  await expect(store.getByLabel('Receiving Address')).toBeVisible();
  await store.getByLabel('General Note').fill('Hàng cho mùa hè');
  await doc.action('Create').click();
  await doc.toasts.expect('Create Purchase Order Successfully!');
  await expect(store).toHaveURL(/\/purchasesOrders\/detail\?no=/);
  const no = new URL(store.url()).searchParams.get('no')!;
  await expect(doc.heading(`Purchase Order ${no}`)).toBeVisible();
  await expect(doc.status).toHaveText('Open');
  // The vendor and the buy-from block come from the franchise, read-only.
  await expect(store.getByLabel('Vendor No')).toBeDisabled();
  await expect(store.getByLabel('Type')).toHaveValue('Order');

  await doc.itemField.focus();
  await doc.addLineByKeyboard(shirt, shirt, '4');
  await doc.addLineByKeyboard(socks, socks, '10');
  await expect(doc.line(shirt)).toContainText('600.000');
  await expect(doc.line(socks)).toContainText('200.000');
  await expect(store.getByLabel('Subtotal')).toHaveValue('800.000');
  await expect(store.getByLabel('Subtotal')).toBeDisabled();
  await expect(store.getByLabel('Invoice Discount Percent')).toBeDisabled();

  await doc.run('Release', 'Do you want to release this purchase order?');
  await doc.toasts.expect('Release Purchase Order Successfully!');
  await expect(doc.status).toHaveText('Released');
  // Nothing shipped yet: nothing to receive; the store never ships.
  await expect(doc.action('Receive Now')).toHaveCount(0);
  await expect(doc.action('Ship')).toHaveCount(0);
  await expect(store.getByText('Head office has not shipped anything yet')).toBeVisible();

  const order = await purchasing(api).get(no);
  expect(order.bc_so_no).not.toBe('');
  const lineOf = (item: string) => order.lines.find((l) => l.item_no === item)!.line_no;
  const [shirtLine, socksLine] = [lineOf(shirt), lineOf(socks)];

  // Head office ships part: 2 of the 4 shirts and all the socks; more than outstanding is refused in the cell.
  const hq = new PurchaseDocumentPage(office);
  await office.goto(`/purchasesOrders/detail?no=${no}`);
  await expect(hq.status).toHaveText('Released');
  await expect(hq.qtyToShip(shirtLine, shirt)).toHaveValue('4');
  await hq.qtyToShip(shirtLine, shirt).fill('5');
  await expect(
    office.getByText(`Line ${shirtLine} (${shirt}): quantity 5 is more than the 4 outstanding`),
  ).toBeVisible();
  await hq.qtyToShip(shirtLine, shirt).fill('2');
  await office.getByLabel('External Document No').fill('VD-001');
  await hq.shipPanel.getByRole('button', { name: 'Ship', exact: true }).click();
  await hq.confirm.expectText('Do you want to ship these quantities to the franchise and invoice them?');
  await hq.confirm.accept('Yes');
  await hq.toasts.expect('Ship Purchase Order Successfully!');
  await expect(hq.qtyToShip(shirtLine, shirt)).toHaveValue('2');

  // The store sees the posted shipment and receives it; more than shipped is refused with the server's message.
  await store.reload();
  await expect(store.getByTestId('posted-shipment')).toHaveCount(1);
  const shipment = store.getByTestId('posted-shipment');
  for (const label of [
    'Order No',
    'Customer',
    'Customer No',
    'Posting Date',
    'Shipment Date',
    'Ship-to Address',
    'Shipping Agent Code',
    'External Document No',
  ])
    await expect(shipment.getByText(label, { exact: true })).toBeVisible();
  await expect(shipment).toContainText('VD-001');
  await expect(shipment).toContainText(order.bc_so_no);
  await expect(await doc.shipmentCell(shirt, 'Qty Shipped')).toHaveText('2');
  await expect(doc.qtyToReceive(shirtLine, shirt)).toHaveValue('2');
  await doc.qtyToReceive(shirtLine, shirt).fill('3');
  await expect(
    store.getByText(`Line ${shirtLine} (${shirt}): qty to receive 3 is more than the 2 shipped and not received`),
  ).toBeVisible();
  await doc.qtyToReceive(shirtLine, shirt).fill('2');
  await store.getByLabel(`Line note of line ${socksLine} ${socks}`).fill('Đủ hàng');
  await doc.run('Receive Now', 'Do you want to receive these quantities now?');
  await doc.toasts.expect('Receive Now Purchase Order Successfully!');
  await expect(doc.status).toHaveText('Partial Received');
  await expect(await doc.shipmentCell(shirt, 'Qty To Receive')).toHaveText('0');
  await expect(await doc.shipmentCell(socks, 'Line Note')).toContainText('');

  // Head office ships the rest (the 2 shirts outstanding are the default).
  await office.reload();
  await expect(hq.status).toHaveText('Partial Received');
  await expect(hq.qtyToShip(shirtLine, shirt)).toHaveValue('2');
  await hq.shipPanel.getByRole('button', { name: 'Ship', exact: true }).click();
  await hq.confirm.accept('Yes');
  await hq.toasts.expect('Ship Purchase Order Successfully!');
  await expect(office.getByText('Everything ordered has been shipped')).toBeVisible();

  // The store receives the rest: the order is invoiced and opens on the invoiced/canceled route.
  await store.reload();
  await expect(store.getByTestId('posted-shipment')).toHaveCount(2);
  await doc.run('Receive Now', 'Do you want to receive these quantities now?');
  await doc.toasts.expect('Receive Now Purchase Order Successfully!');
  await expect(store).toHaveURL(/\/purchasesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText('Invoiced');

  // It returns 3 pairs of socks with a credit memo; more than received is refused in the cell.
  await doc.qtyCreditMemo(socksLine, socks).fill('11');
  await expect(
    store.getByText(`Line ${socksLine} (${socks}): quantity 11 is more than the 10 received and not credited`),
  ).toBeVisible();
  await doc.qtyCreditMemo(socksLine, socks).fill('3');
  await doc.run('Create Credit Memo', 'Do you want to return these quantities to head office with a credit memo?');
  await doc.toasts.expect('Create Credit Memo Purchase Order Successfully!');
  await expect(store).toHaveURL(/\/purchasesOrders\/creditMemo\?no=/);
  const memoNo = new URL(store.url()).searchParams.get('no')!;
  await expect(doc.heading(`Purchase Credit Memo ${memoNo}`)).toBeVisible();
  await expect(store.getByText('Credit Memo', { exact: true })).toBeVisible();
  const memoLine = store.locator('tbody tr.ant-table-row').filter({ hasText: socks });
  await expect(memoLine).toContainText('60.000');
  await expect(store.getByRole('link', { name: no, exact: true })).toBeVisible();

  // The order is gone from the open list and shows in the invoiced/canceled list, with its credit memo.
  await openList(list, '/purchasesOrders', 'Purchase Orders');
  await list.search({ 'No.': no });
  await expect(list.rows).toHaveCount(0);
  await openList(list, '/purchasesOrdersInvoicedCanceled', 'Purchase Orders Invoiced/Canceled');
  for (const column of LIST_COLUMNS) await expect(list.header(column)).toBeVisible();
  await list.search({ 'No.': no });
  const row = list.row(no);
  await expect(row).toContainText('Order');
  await expect(row).toContainText('Invoiced');
  await expect(row).toContainText('800.000');
  await list.reset();
  await list.search({ 'No.': memoNo });
  await expect(list.row(memoNo)).toContainText('Credit Memo');
  await list.row(memoNo).getByRole('link', { name: memoNo }).click();
  await expect(store).toHaveURL(/\/purchasesOrders\/creditMemo\?no=/);
});

test('a canceled order is listed with its reason, read-only; cancel asks for a reason of /purchasesOrders', async ({
  storeManagerPage: store,
  api,
  data,
}) => {
  const item = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '50000' });
  const po = purchasing(api);
  const order = await po.order({ lines: [{ item_no: item, purchase_qty: '2' }], then: ['release'] });
  const doc = new PurchaseDocumentPage(store);
  await store.goto(`/purchasesOrders/detail?no=${order.pos_po_no}`);
  await expect(doc.status).toHaveText('Released');
  await doc.action('Cancel').click();
  const dialog = doc.dialog('Cancel Reason');
  await dialog.expectOpen();
  await expect(store.getByText('Do you want to cancel this purchase order?')).toBeVisible();
  await dialog.field('Cancel Reason').click();
  await store
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'VENDOR_DELAY' })
    .click();
  await dialog.button('Yes').click();
  await doc.toasts.expect('Cancel Purchase Order Successfully!');
  await expect(store).toHaveURL(/\/purchasesOrdersInvoicedCanceled\/detail\?no=/);
  await expect(doc.status).toHaveText('Canceled');
  await expect(doc.action('Release')).toHaveCount(0);
  await expect(store.getByLabel('General Note')).toBeDisabled();

  const list = new ListPage(store);
  await openList(list, '/purchasesOrdersInvoicedCanceled', 'Purchase Orders Invoiced/Canceled');
  await list.search({ 'No.': order.pos_po_no });
  await expect(list.row(order.pos_po_no)).toContainText('Canceled');
  await expect(list.row(order.pos_po_no)).toContainText('Nhà cung cấp giao trễ');
});
