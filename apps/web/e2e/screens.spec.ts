import { test, expect, ListPage, DetailPage, DEMO_FRANCHISE, apiAs } from './fixtures';

// What a person met on the built screens (issue 7), one step each, walked at 1366×900 as the roles who met them.
test.setTimeout(150_000);
const slow = expect.configure({ timeout: 30_000 });

test('items: a price rate outside 0.01–10 is refused with the range message and nothing is saved', async ({
  storeManagerPage: page,
  data,
  api,
}) => {
  const item = await data.item({ franchise: DEMO_FRANCHISE, unit_price: '200000' });
  const list = new ListPage(page);
  await list.goto('/items', 'Items');
  await list.search({ Search: item });
  const row = list.row(item);
  await slow(row).toContainText('200.000');
  const rate = row.getByLabel(`Price rate of ${item}`);
  const before = await rate.inputValue();

  for (const [typed, message] of [
    ['0', 'Please enter between 0.01 and 10'],
    ['100', 'Please enter between 0.01 and 10'],
    ['abc', 'Please enter number!'],
    ['1,23456', 'Please enter at most 4 decimals!'],
  ] as const) {
    await rate.fill(typed);
    await rate.press('Enter');
    // The value stays as typed (never silently clamped) with the message under it.
    await expect(rate).toHaveValue(typed);
    await expect(row.getByText(message)).toBeVisible();
  }
  await list.toasts.expectNone('Update Item Franchise Successfully!');
  const saved = await api.list<{ item_no: string; price_rate: string }>('/api/items/filter', {
    franchise_code: DEMO_FRANCHISE,
    item_no: item,
  });
  expect(Number(saved.items[0].price_rate)).toBe(Number(before.replace(',', '.')));

  // "Update Price Rate All": out of range is refused in the dialog; a valid rate asks first and says how many.
  await page.getByRole('button', { name: 'Update Price Rate All' }).click();
  const dialog = list.dialog(/Update Price Rate of every item/);
  await dialog.field('Price Rate').fill('100');
  await dialog.button('Update All').click();
  await expect(dialog.error('Please enter between 0.01 and 10')).toBeVisible();
  await list.toasts.expectNone('Update Item Franchise Successfully!');
  const total = (await api.list('/api/items/filter', { franchise_code: DEMO_FRANCHISE }, 1)).total_count;
  await dialog.field('Price Rate').fill('1,1');
  await dialog.button('Update All').click();
  await list.confirm.expectText(`Set the price rate of all ${total} items of ${DEMO_FRANCHISE} to 1,1?`);
  await list.confirm.cancel();
  await list.toasts.expectNone('Update Item Franchise Successfully!');
  const after = await api.list<{ price_rate: string }>('/api/items/filter', {
    franchise_code: DEMO_FRANCHISE,
    item_no: item,
  });
  expect(after.items[0].price_rate).toBe(saved.items[0].price_rate);
});

test('users: every dialog closes on Escape', async ({ adminPage, data }) => {
  const user = await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE });
  const list = new ListPage(adminPage);
  await list.goto('/users', 'Users');
  await list.search({ Username: user.username });
  await slow(list.row(user.username)).toBeVisible();
  for (const action of ['Edit', 'Set Password', 'Change Store', 'Change Device']) {
    await list.rowAction(user.username, `${action} ${user.username}`).click();
    const dialog = list.dialog();
    await dialog.expectOpen();
    await adminPage.keyboard.press('Escape');
    await dialog.expectClosed();
  }
});

test('users at 1440 px: the pinned Actions column leaves Role, Store and Device in view', async ({
  adminPage,
  data,
}) => {
  await adminPage.setViewportSize({ width: 1440, height: 900 });
  const user = await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE });
  const list = new ListPage(adminPage);
  await list.goto('/users', 'Users');
  await list.search({ Username: user.username });
  await slow(list.row(user.username)).toBeVisible();
  const actions = await list.header('Actions').boundingBox();
  expect(actions).not.toBeNull();
  for (const name of ['Role', 'Store', 'Device']) {
    const box = await list.header(name).boundingBox();
    expect(box, name).not.toBeNull();
    // The column ends before the pinned Actions column begins: nothing of it lies under the actions.
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(actions!.x + 1);
  }
});

test('lists: one row reads "1 record"', async ({ adminPage, data }) => {
  const user = await data.user({ role: 'Store Staff', customer_no: DEMO_FRANCHISE });
  const list = new ListPage(adminPage);
  await list.goto('/users', 'Users');
  await list.search({ Username: user.username });
  await slow(list.row(user.username)).toBeVisible();
  await expect(list.total).toHaveText('1 record');
  await list.reset();
  await expect(list.total).toHaveText(/^\d+ records$/);
});

test('users: head office gets no actions on an Administrator, which the server would refuse', async ({
  headOfficePage,
}) => {
  const ho = new ListPage(headOfficePage);
  await ho.goto('/users', 'Users');
  await ho.search({ Username: 'admin' });
  const adminRow = ho.rows.filter({ has: headOfficePage.getByRole('cell', { name: 'admin', exact: true }) });
  await slow(adminRow).toHaveCount(1);
  await expect(adminRow.getByRole('button', { name: 'Edit admin' })).toHaveCount(0);
  await expect(adminRow.getByRole('button', { name: 'Delete admin' })).toHaveCount(0);
  await expect(adminRow.getByRole('checkbox')).toBeDisabled();
});

test("users: the user form offers only the chosen store's printers", async ({ adminPage: page, data }) => {
  const mine = await data.device({ location_code: DEMO_FRANCHISE });
  const other = await data.device({ location_code: 'HCM001' });
  const list = new ListPage(page);
  await list.goto('/users', 'Users');
  await list.addNew().click();
  const dialog = list.dialog('New User');
  await dialog.field('Store').click();
  await dialog.field('Store').fill(DEMO_FRANCHISE);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: DEMO_FRANCHISE })
    .first()
    .click();
  await dialog.field('Device').click();
  const options = page.locator('.ant-select-dropdown:visible');
  await slow(options.getByText(mine.device_name, { exact: false })).toBeVisible();
  await expect(options.getByText(other.device_name, { exact: false })).toHaveCount(0);
});

test('layout at 1366 px: Actions columns are fully visible on users, devices and items', async ({
  adminPage: page,
}) => {
  const list = new ListPage(page);
  for (const [url, heading, button] of [
    ['/users', 'Users', /^Delete /],
    ['/devices', 'Devices', /^Delete /],
    ['/items', 'Items', /^Edit item /],
  ] as const) {
    await list.goto(url, heading);
    await slow(list.rows.first()).toBeVisible();
    await expect(list.header('Actions')).toBeInViewport({ ratio: 1 });
    await expect(list.rows.first().getByRole('button', { name: button })).toBeInViewport({ ratio: 1 });
  }
});

test('menu: Revenue Details is listed under Reports and opens the report (issue 11)', async ({ adminPage: page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Reports', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Revenue Summaries' })).toBeVisible();
  for (const name of ['Sales History', 'New Customer Records', 'Redeemable Points Used'])
    await expect(menu.getByRole('link', { name })).toBeVisible();
  await menu.getByRole('link', { name: 'Revenue Details' }).click();
  await expect(page).toHaveURL(/\/reports\/revenue\/details$/);
  await expect(page.getByRole('heading', { name: 'Revenue Details' })).toBeVisible();
  await expect(page.getByText('Coming in a later release')).toHaveCount(0);
});

test('layout: the sidebar is open at 1366 px and collapses at 1024 px', async ({ adminPage: page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/cancelReasons');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('customers: the counter calls only what the user may use (no 403)', async ({ storeStaffPage: page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  const screen = new DetailPage(page);
  await screen.open('/customers');
  await slow(page.getByText('Enter a mobile phone to find the customer.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Temporary Customer' }).last().click();
  await screen.dialog('Create Temporary Customer').expectOpen();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

test('apiLog: durations in German style', async ({ adminPage: page, request }) => {
  // A few calls so that the log has rows.
  const api = await apiAs(request);
  await api.get('/api/franchises/HN001').catch(() => undefined);
  const list = new ListPage(page);
  await list.goto('/apiLog');
  await slow(list.rows.first()).toBeVisible();
  const index = await page
    .locator('.ant-table-thead th')
    .allInnerTexts()
    .then((t) => t.findIndex((x) => x.startsWith('Duration')));
  const cells = await list.rows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.some((c) => c.includes(','))).toBe(true);
  for (const c of cells) expect(c).toMatch(/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/);
});
