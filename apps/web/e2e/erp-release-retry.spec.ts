import { createServer } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { startBcServer, type BcTestServer } from '../../server/src/erp/business-central/test-support/bc-test-server';
import { test as base, expect, DEMO_FRANCHISE, ListPage, uniq } from './fixtures';
import { SalesDocumentPage } from './support/sales-document';
import { startAppServer } from './support/worker-server';

// Issue 20, "a failed release retried from the admin screen": the product in ERP_MODE=business_central against the
// Business Central-shaped test server (started here beside an app server of this file's own, with the demo data; the
// other journeys' server stays standalone). The journey drives BC's answers through the test server's HTTP control
// (`/_control/faults`, README of apps/server/src/erp/business-central) and asks it what BC holds.

/** A free loopback port for this file's app server. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

type BcWorker = { bc: BcTestServer; server: string };

const test = base.extend<{ control: APIRequestContext }, BcWorker>({
  bc: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const bc = await startBcServer();
      await use(bc);
      await bc.close();
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  // Every page and API client of this file talks to an app server in business_central mode. An override keeps the
  // fixture's registration (worker scope, auto, its 240 s start-up allowance): a plain function, no options.
  server: async ({ bc }, use) => {
    const port = await freePort();
    const base = JSON.parse(process.env.E2E_SERVER_BASE_ENV ?? '{}') as Record<string, string>;
    // Its own e-invoice provider port too (e2e-server.ts starts the SInvoice-shaped server there).
    const sinvoice = `http://127.0.0.1:${await freePort()}`;
    const app = await startAppServer({
      port,
      dataDir: `${base.DATA_DIR}-bc-${port}`,
      env: { ...bc.env(), SINVOICE_BASE_URL: sinvoice },
    });
    await use(app.baseURL);
    await app.stop();
  },
  control: async ({ playwright, bc }, use) => {
    const control = await playwright.request.newContext({ baseURL: `${bc.url}/_control/` });
    await use(control);
    await control.dispose();
  },
});

test('a release BC refuses is shown with its message, retried by the admin from /jobs, and lands in BC once', async ({
  storeManagerPage: page,
  adminPage: admin,
  api,
  data,
  control,
}) => {
  // In this mode items come from BC: head office keeps one there, and it is synced into the franchise's list.
  const itemNo = `E2EBC${uniq()}`.toUpperCase().slice(0, 20);
  const typed = await control.post('records/items', {
    data: {
      number: itemNo,
      displayName: `Nước mắm BC ${itemNo}`,
      type: 'Inventory',
      baseUnitOfMeasureCode: 'CAI',
      unitPrice: 120000,
      itemCategoryCode: '',
      blocked: false,
    },
  });
  expect(typed.status(), await typed.text()).toBe(201);
  await api.post('/api/items/sync-item-no', { item_no: itemNo, franchise_code: DEMO_FRANCHISE });
  const customer = await data.customer();
  const location = `${DEMO_FRANCHISE}-01`;
  const order = await data.salesDocument({
    location_code: location,
    sell_to_code: customer.customer_no,
    lines: [{ item_no: itemNo, quantity: '2' }],
  });
  const no = order.pos_so_no;

  // BC refuses this order's creation (a 400 in BC's OData error shape), every time until the cause is cleared.
  const bcMessage = `The Location Code ${location} does not exist. Identification fields and values: Code='${location}'`;
  const rule = await control.post('faults', {
    data: {
      method: 'POST',
      entitySet: 'salesOrders',
      bodyMatch: { externalDocumentNumber: no },
      status: 400,
      code: 'Internal_RecordNotFound',
      message: bcMessage,
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);

  // The store manager releases the order on its screen: the release answers at once, the ERP job runs behind it.
  const doc = new SalesDocumentPage(page);
  await page.goto(`/salesOrders/detail?no=${no}`);
  await expect(doc.status).toHaveText('Open');
  await doc.run('Release', 'Do you want to release this sales order?');
  await doc.toasts.expect('Release Sales Order Successfully!');
  await expect(doc.status).toHaveText('Released');

  // BC's refusal reaches the order's screen: the ERP state is "Sync failed" with BC's message.
  const erpState = page.getByTestId('erp-sync-state');
  await expect(async () => {
    await page.reload();
    await expect(erpState).toHaveText('Sync failed', { timeout: 2_000 });
  }).toPass();
  await expect(page.getByRole('main')).toContainText(bcMessage);

  // The admin finds the order's dead job on /jobs by its document, with BC's message.
  const jobs = new ListPage(admin);
  await jobs.goto('/jobs', 'Job Queue');
  await jobs.search({ Queue: 'erp.document', Document: no });
  await expect(jobs.rows).toHaveCount(1);
  const row = jobs.row(`erp:sales_order:${no}`);
  await expect(row).toContainText('dead');
  await expect(row).toContainText(`Business Central refused to create ${no}: ${bcMessage}`);

  // The cause is cleared in BC; the admin retries the job.
  const cleared = await control.delete('faults');
  expect(await cleared.json()).toEqual({ cleared: 1 });
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Retry' }).click();
  await jobs.toasts.expect('Retry 1 Job Successfully!');
  // The job runs again and is done; BC's message is gone from the list.
  await expect(async () => {
    await jobs.refresh();
    await expect(row).toContainText('done', { timeout: 2_000 });
  }).toPass();
  await expect(row).not.toContainText(bcMessage);

  // The order's screen says Synced with BC's order number, and BC holds exactly one order for it.
  await expect(async () => {
    await page.reload();
    await expect(erpState).toHaveText('Synced', { timeout: 2_000 });
  }).toPass();
  await expect(page.getByRole('main')).not.toContainText(bcMessage);
  const inBc = (await (
    await control.get(`records/salesOrders?externalDocumentNumber=${encodeURIComponent(no)}`)
  ).json()) as { value: { number: string; customerNumber: string }[] };
  expect(inBc.value).toHaveLength(1);
  expect(inBc.value[0].customerNumber).toBe(customer.customer_no);
  await expect(page.getByRole('main')).toContainText(inBc.value[0].number);
});
