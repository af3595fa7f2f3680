import { test, expect, apiAs, ROLE_USERS, uniq } from './fixtures';

// A franchise's own SInvoice account (issue 21), set by head office on the franchise detail screen: the fields are
// checked as the server checks them, Save shows the catalogue's toast, a reload shows what was saved and the
// password only as "set", never its text.

test('e-invoice settings: head office gives a franchise its own SInvoice account', async ({
  headOfficePage: page,
  request,
}) => {
  test.setTimeout(180_000);
  // a franchise of its own, so no other journey's sales are issued under this account meanwhile
  const code = `EI${uniq()}`.toUpperCase().slice(0, 12);
  const api = await apiAs(request, ROLE_USERS.headOffice.username, ROLE_USERS.headOffice.password);
  await api.post('/api/franchises', { customer_no: code, name: 'Đại lý hóa đơn riêng' });
  await page.goto(`/franchises/detail?customer_no=${code}`);
  const card = page.getByTestId('einvoice-settings');
  // The first visit of a screen loads its chunk: on a loaded machine that can take a while.
  await expect(card.getByText('E-invoice (SInvoice)')).toBeVisible({ timeout: 90_000 });
  await expect(card.getByLabel('Supplier tax code')).toBeEnabled();

  // Wrong values are named before anything is sent.
  await card.getByLabel('Supplier tax code').fill('12345');
  await card.getByLabel('Template code').fill('01/1');
  await card.getByLabel('Invoice series').fill('C26AAA');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(
    card.getByText('Supplier tax code must be 10 or 13 digits (0123456789 or 0123456789-001)'),
  ).toBeVisible();
  await expect(card.getByText('Template code must look like 1/001')).toBeVisible();
  await expect(card.getByText(/Invoice series must be a cash-register series/)).toBeVisible();
  await expect(card.getByText("Username is required with the franchise's own supplier tax code")).toBeVisible();

  const taxCode = `0${String(Date.now()).slice(-9)}`;
  await card.getByLabel('Supplier tax code').fill(taxCode);
  await card.getByLabel('Seller name').fill('Công ty TNHH Nhượng Quyền Hà Nội 2');
  await card.getByLabel('SInvoice username').fill(taxCode);
  await card.getByLabel('SInvoice password').fill('Own#pass1');
  await card.getByLabel('Template code').fill('1/002');
  await card.getByLabel('Invoice series').fill('c26mfp');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update E-Invoice Settings Successfully!')).toBeVisible();
  await expect(card.getByTestId('einvoice-password-set')).toBeVisible();

  await page.reload();
  await expect(card.getByLabel('Supplier tax code')).toHaveValue(taxCode, { timeout: 60_000 });
  await expect(card.getByLabel('Seller name')).toHaveValue('Công ty TNHH Nhượng Quyền Hà Nội 2');
  await expect(card.getByLabel('SInvoice username')).toHaveValue(taxCode);
  await expect(card.getByLabel('Template code')).toHaveValue('1/002');
  await expect(card.getByLabel('Invoice series')).toHaveValue('C26MFP');
  // the password is never sent back: an empty box, marked as set
  await expect(card.getByLabel('SInvoice password')).toHaveValue('');
  await expect(card.getByTestId('einvoice-password-set')).toHaveText('set');
  await expect(page.getByText('Own#pass1')).toHaveCount(0);

  // Emptied again, the franchise goes back to the configuration's account (the demo's state).
  for (const label of ['Supplier tax code', 'Seller name', 'SInvoice username', 'Template code', 'Invoice series'])
    await card.getByLabel(label).fill('');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update E-Invoice Settings Successfully!').first()).toBeVisible();
  await expect(card.getByText('not set')).toBeVisible();
  await api.post('/api/franchises/delete', { customer_nos: [code] });
});
