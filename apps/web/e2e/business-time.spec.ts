import { test, expect, ADMIN, apiAs, uniq, signIn } from './fixtures';

// The browser runs in New York (UTC-5, 12 hours behind Vietnam): the screens must still show and filter the
// business day and time of Vietnam (BUSINESS_TIME_ZONE, Asia/Ho_Chi_Minh by default).
test.use({ timezoneId: 'America/New_York' });

/** Day and wall-clock time of an instant in Vietnam: DD-MM-YYYY and HH:mm:ss. */
function inVietnam(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.day}-${parts.month}-${parts.year}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

test('customer records: Created shows the time in Vietnam and the date filter takes the Vietnamese day', async ({
  page,
  request,
}) => {
  const api = await apiAs(request);
  const name = `Giờ Việt Nam ${uniq()}`;
  const created = await api.post<{ customer_no: string; created_at: string }>('/api/customers/temporary', {
    franchise_code: 'HN001',
    name,
    phone_no: `09${String(Date.now()).slice(-8)}`,
  });
  const at = new Date(created.created_at);
  const vn = inVietnam(at);
  const dayBefore = inVietnam(new Date(at.getTime() - 24 * 3600_000)).day;

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/customers/records');
  const filters = page.locator('form.list-filters');
  await filters.getByLabel('Customer No').fill(created.customer_no);

  const range = async (from: string, to: string) => {
    await filters.getByPlaceholder('Start date').fill(from);
    await filters.getByPlaceholder('End date').click();
    await filters.getByPlaceholder('End date').fill(to);
    await filters.getByPlaceholder('End date').press('Enter');
    await filters.getByRole('button', { name: 'Search' }).click();
  };

  // The Vietnamese day of the record finds it, and its time shows as in Vietnam.
  await range(vn.day, vn.day);
  const row = page.getByRole('row').filter({ hasText: created.customer_no });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${vn.day} ${vn.time}`);

  // The day before in Vietnam does not.
  await range(dayBefore, dayBefore);
  await expect(page.getByRole('row').filter({ hasText: created.customer_no })).toHaveCount(0);
});
