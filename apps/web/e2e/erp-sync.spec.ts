import { test, expect, uniq, type Api } from './fixtures';
import { exportXlsx, xlsxRows, pickFilter } from './support/reports';

/** Starts a sync of post codes through the API, as the screen does, and waits until the run succeeded. */
async function syncPostCodes(api: Api, sync_all: boolean) {
  await api.put('/api/sync/tables', { table_code: 'post_code', sync_all });
  await expect
    .poll(
      async () =>
        (await api.get<{ table_code: string; state: string }[]>('/api/sync/tables')).find(
          (t) => t.table_code === 'post_code',
        )?.state,
    )
    .toBe('success');
}

// Issue 20, calls.md 7.5: the ERP sync service screens, as head office (the demo runs ERP_MODE=standalone: a sync
// reads the product's own tables and says so; the run, its progress, excess records and summaries are the same).

test('bcTables: head office syncs a table with its progress bar, browses its records and removes the excess after a count confirmation', async ({
  headOfficePage: page,
  api,
}) => {
  // A franchise that the next full sync will read, and that then leaves the product.
  const code = `SYNC${uniq()}`.toUpperCase().slice(0, 20);
  await api.post('/api/franchises', { customer_no: code, name: `Đồng bộ ${code}` });

  await page.goto('/bcTables');
  await expect(page.getByRole('heading', { name: 'BC Tables' })).toBeVisible();
  await expect(page.getByTestId('erp-mode')).toHaveText('ERP: standalone');
  const row = page.getByRole('row').filter({ hasText: 'transfer_order' }).first();
  await expect(row).toBeVisible();
  const franchiseRow = page.getByRole('row').filter({ has: page.getByText('franchise', { exact: true }) });

  await franchiseRow.getByRole('button', { name: 'Sync All Franchises' }).click();
  await expect(page.getByText('Sync of Franchises started')).toBeVisible();
  // The run's bar follows the job without a reload, to its end.
  const bar = page.getByTestId('sync-progress-franchise');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-state', 'success');
  await expect(franchiseRow.getByText('Success', { exact: true })).toBeVisible();
  await expect(bar.getByTestId('sync-progress-text')).toHaveText(/^\d+ (records?|\/ \d+)$/);

  // Browse the table's records: the new franchise is there, found without its diacritics.
  await franchiseRow.getByRole('button', { name: 'Records Franchises' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Franchises: records')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Description' }).fill(`dong bo ${code}`);
  await drawer.getByRole('button', { name: 'Search' }).click();
  await expect(drawer.getByRole('cell', { name: code, exact: true })).toBeVisible();
  await expect(drawer.getByText('1 record')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The franchise leaves the product: a full sync finds it in excess.
  await api.post('/api/franchises/delete', { customer_nos: [code] });
  await franchiseRow.getByRole('button', { name: 'Sync All Franchises' }).click();
  await expect(bar).toHaveAttribute('data-state', 'success');
  const excessCell = franchiseRow.locator('td').nth(2);
  await expect(excessCell).not.toHaveText('0');
  const excess = Number((await excessCell.innerText()).trim());
  expect(excess).toBeGreaterThanOrEqual(1);

  await franchiseRow.getByRole('button', { name: 'Remove Excess Franchises' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Remove Excess' });
  await expect(confirm).toContainText(
    `Remove ${excess} excess record${excess === 1 ? '' : 's'} from Franchises? The ERP no longer`,
  );
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(
    page.getByText(`Removed ${excess} excess record${excess === 1 ? '' : 's'} from Franchises`),
  ).toBeVisible();
  await expect(excessCell).toHaveText('0');
  await expect(franchiseRow.getByRole('button', { name: 'Remove Excess Franchises' })).toBeDisabled();
});

test('bcSyncSummaries: head office filters the per-day summaries and exports them', async ({
  headOfficePage: page,
  api,
}) => {
  // A sync of post codes, run through the API as the screen does.
  await syncPostCodes(api, true);
  const [summary] = (
    await api.list<{ table_code: string; fetched: number; runs: number }>('/api/sync/summaries/filter', {
      table_code: 'post_code',
    })
  ).items;

  await page.goto('/bcSyncSummaries');
  await expect(page.getByRole('heading', { name: 'BC Sync Summaries' })).toBeVisible();
  await pickFilter(page, 'Table', 'Post Codes');
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Post Codes');
  await expect(rows.first().locator('td').nth(2)).toHaveText(String(summary.runs));

  const file = await xlsxRows(await exportXlsx(page));
  expect(file[0]).toEqual(['Date', 'Table', 'Runs', 'Fetched', 'Created', 'Updated', 'Failed', 'Failures', 'Last Run']);
  expect(file).toHaveLength(2);
  expect(file[1][1]).toBe('post_code');
  expect(file[1][2]).toBe(summary.runs);
  expect(file[1][3]).toBe(summary.fetched);
});

test('bcTables sync log: head office reads the calls against the ERP, filters them and empties the log after a count confirmation', async ({
  headOfficePage: page,
  api,
}) => {
  // Two syncs of post codes through the API, as the screen starts them.
  await syncPostCodes(api, true);
  await syncPostCodes(api, false);
  const logged = await api.list<{ id: number; action: string; status: string }>('/api/sync/logs/filter', {
    table_code: 'post_code',
  });
  expect(logged.total_count).toBeGreaterThanOrEqual(2);
  const all = (await api.list('/api/sync/logs/filter')).total_count;

  await page.goto('/bcTables');
  await page.getByRole('button', { name: 'Sync Log' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Sync Log' });
  await expect(drawer.getByRole('columnheader', { name: 'Started' })).toBeVisible();
  await pickFilter(page, 'Table', 'Post Codes');
  await pickFilter(page, 'Status', 'Success');
  await drawer.getByRole('button', { name: 'Search' }).click();
  const rows = drawer.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(logged.total_count);
  await expect(rows.first()).toContainText('Post Codes');
  await expect(rows.first()).toContainText('Success');
  await expect(rows.first()).toContainText(logged.items[0].action);

  // Empty Log says how many entries go (all of them, not only those shown), and asks first.
  await drawer.getByRole('button', { name: 'Empty Log' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Empty the sync log?' });
  await expect(confirm).toContainText(
    `${all.toLocaleString('de-DE')} ${all === 1 ? 'entry' : 'entries'} will be removed`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await api.list('/api/sync/logs/filter')).total_count).toBe(all);
  await drawer.getByRole('button', { name: 'Empty Log' }).click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(
    page.getByText(`Removed ${all.toLocaleString('de-DE')} ${all === 1 ? 'entry' : 'entries'} from the sync log`),
  ).toBeVisible();
  await expect(rows).toHaveCount(0);
  expect((await api.list('/api/sync/logs/filter')).total_count).toBe(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
