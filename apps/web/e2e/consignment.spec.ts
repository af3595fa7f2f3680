import { test, expect as baseExpect, DEMO_FRANCHISE } from './fixtures';
import { ensureConsignmentCodes, TransferScreen } from './support/consignment';
import { SalesDocumentPage } from './support/sales-document';

// Consignment (issue 10): a store asks head office for consigned goods with a consignment issue, head office ships
// the transfer order in parts, the store receives each part on /consignmentReceipt; the issue ends completed.

// Long journeys of three users on a machine shared by parallel runs: a screen may take long to appear.
const expect = baseExpect.configure({ timeout: 90_000 });

test('consignment: issue, release, partial ship, capped receive, ship the rest, receive, completed', async ({
  storeManagerPage: store,
  headOfficePage: office,
  api,
  data,
}) => {
  test.setTimeout(900_000); // three users' screens, two shipments and two receipts on a busy machine
  await ensureConsignmentCodes(api);
  const item = await data.item({ franchise: DEMO_FRANCHISE, description: 'E2E ký gửi' });

  // The store creates a consignment issue and adds a line by keyboard.
  const issue = new SalesDocumentPage(store);
  await store.goto('/consignmentIssue');
  await expect(store.getByRole('heading', { name: 'Consignment Issues' })).toBeVisible();
  await store.getByRole('button', { name: 'Add New' }).click();
  await expect(store.getByRole('heading', { name: 'New Consignment Issue' })).toBeVisible();
  await issue.field('External Doc').fill('E2E-EXT-1');
  await issue.action('Create').click();
  await issue.toasts.expect('Create Consignment Successfully!');
  await expect(store).toHaveURL(/\/consignmentIssue\/detail\?ci_no=/);
  const ciNo = new URL(store.url()).searchParams.get('ci_no')!;
  await expect(issue.status).toHaveText('Open');
  await issue.itemField.focus();
  await issue.addLineByKeyboard(item, item, '5');
  await expect(store.getByRole('textbox', { name: `Quantity of line 10000 ${item}` })).toHaveValue('5');

  // Release (confirmed): the transfer order is made at once and linked.
  await issue.run('Release', 'Do you want to release this consignment issue?');
  await issue.toasts.expect('Release Consignment Successfully!');
  await expect(issue.status).toHaveText('Released');
  const link = store.getByTestId('transfer-order-link');
  await expect(link).toHaveText(/\S+/);
  const toNo = (await link.textContent())!.trim();

  // Head office ships 2 of 5.
  const ship = new TransferScreen(office);
  await office.goto('/transferOrders');
  await office.getByRole('link', { name: toNo, exact: true }).click();
  await expect(office.getByRole('heading', { name: `Transfer Order ${toNo}` })).toBeVisible();
  await expect(office.getByText(ciNo, { exact: true })).toBeVisible();
  await expect(ship.qtyCell('Qty To Ship', item)).toHaveValue('5');
  await ship.qtyCell('Qty To Ship', item).fill('2');
  await ship.run('Ship', `Do you want to ship 2 of transfer order ${toNo}?`);
  await ship.toasts.expect('Ship Transfer Order Successfully!');
  await expect(ship.section('Warehouse Shipments')).toHaveCount(1);
  await expect(ship.qtyCell('Qty To Ship', item)).toHaveValue('3');

  // The store receives: past the cap is refused in the cell, then the right quantity.
  const receive = new TransferScreen(store);
  await store.goto('/consignmentReceipt');
  const row = store.locator('tbody tr.ant-table-row').filter({ hasText: toNo });
  await row.getByRole('button', { name: 'Receive' }).click();
  await expect(store.getByRole('heading', { name: `Receive Transfer Order ${toNo}` })).toBeVisible();
  const cell = receive.qtyCell('Qty To Receive', item);
  await expect(cell).toHaveValue('2');
  await cell.fill('3');
  await cell.press('Enter');
  const cap = /Line \d+: qty to receive 3 is more than the 2 shipped and not received/;
  await expect(receive.cellError(cap)).toBeVisible();
  await receive.action('Receive').click();
  await expect(receive.confirm.root).toBeHidden();
  await expect(receive.cellError(cap)).toBeVisible();
  await cell.fill('2');
  await receive.run('Receive', `Do you want to receive 2 on 1 line(s) of transfer order ${toNo}?`);
  await receive.toasts.expect('Receive Consignment Successfully!');
  await expect(receive.section('Consignment Receipts')).toHaveCount(1);
  await expect(receive.action('Receive')).toBeHidden();
  await receive.expectLine(item, ['5', '2']);

  // Head office ships the rest; the order is shipped.
  await office.reload();
  await expect(ship.qtyCell('Qty To Ship', item)).toHaveValue('3');
  await ship.run('Ship', `Do you want to ship 3 of transfer order ${toNo}?`);
  await ship.toasts.expect('Ship Transfer Order Successfully!');
  await expect(ship.status).toHaveText('Shipped');
  await expect(ship.section('Warehouse Shipments')).toHaveCount(2);

  // The store receives the rest; the order is received and the issue completed.
  await store.reload();
  await expect(cell).toHaveValue('3');
  await receive.run('Receive', `Do you want to receive 3 on 1 line(s) of transfer order ${toNo}?`);
  await receive.toasts.expect('Receive Consignment Successfully!');
  await expect(receive.status).toHaveText('Received');
  await expect(receive.section('Consignment Receipts')).toHaveCount(2);

  await store.goto(`/consignmentIssue/detail?ci_no=${ciNo}`);
  await expect(issue.status).toHaveText('Completed');
  await expect(issue.line(item)).toContainText('5');
  await expect(store.getByRole('button', { name: 'Release' })).toHaveCount(0);
});

test('consignment: head office creates a transfer order; a store neither opens nor ships it, and receives nothing unshipped', async ({
  storeManagerPage: store,
  headOfficePage: office,
  api,
  data,
}) => {
  await ensureConsignmentCodes(api);
  const item = await data.item({ franchise: DEMO_FRANCHISE });

  // Head office creates a transfer order for the demo franchise.
  const screen = new SalesDocumentPage(office);
  await office.goto('/transferOrders');
  await office.getByRole('button', { name: 'Add New' }).click();
  await expect(office.getByRole('heading', { name: 'New Transfer Order' })).toBeVisible();
  await office.getByLabel('Franchise', { exact: true }).fill(DEMO_FRANCHISE);
  // Enter takes the option the search found: wait until the franchises have loaded and it is offered.
  await expect(
    office.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: DEMO_FRANCHISE }).first(),
  ).toBeVisible();
  await office.keyboard.press('Enter');
  await screen.itemField.click();
  await screen.addLineByKeyboard(item, item, '4');
  await screen.action('Create').click();
  await screen.toasts.expect('Create Transfer Order Successfully!');
  await expect(office).toHaveURL(/\/transferOrders\/detail\?bc_to_no=/);
  const toNo = new URL(office.url()).searchParams.get('bc_to_no')!;
  await expect(screen.status).toHaveText('Released');
  await expect(office.getByRole('button', { name: 'Ship', exact: true })).toBeVisible();

  // A store holds no transfer order pages: it receives the order on /consignmentReceipt and ships nothing.
  await store.goto(`/transferOrders/detail?bc_to_no=${toNo}`);
  await expect(store.getByText('No permission')).toBeVisible();
  await store.goto(`/consignmentReceipt/detail?bc_to_no=${toNo}`);
  await expect(store.getByRole('heading', { name: `Receive Transfer Order ${toNo}` })).toBeVisible();
  await expect(store.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0);
  await expect(store.getByRole('button', { name: 'Receive', exact: true })).toHaveCount(0);
});
