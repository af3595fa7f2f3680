import { defineConfig, devices } from '@playwright/test';
import { E2E_MAGENTO_TOKEN, e2eMagentoPort } from './e2e/support/magento-shop';
import { E2E_SINVOICE, e2eSInvoicePort } from './e2e/support/sinvoice';

// Each run gets its own port, data and build folder, so parallel runs on one machine never meet.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
const port = Number(process.env.E2E_PORT);
const runDir = `/tmp/fp-e2e-${port}`;
export const E2E_DATA_DIR = `${runDir}/data`;

/** The journeys' server's environment; the workers that start servers of their own take it from here too. */
const serverEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  WEB_DIST: `${runDir}/dist`,
  ADMIN_PASSWORD: 'Admin1234',
  SEED_DEMO: 'true',
  PRINTER_ALLOW_LOOPBACK: 'true',
  LOG_LEVEL: 'warn',
  JOB_POLL_MS: '500',
  // The online shop journey starts a Magento-shaped test server on this port (e2e/support/magento-shop.ts).
  SHOP_MODE: 'magento',
  MAGENTO_BASE_URL: `http://127.0.0.1:${e2eMagentoPort()}`,
  MAGENTO_TOKEN: E2E_MAGENTO_TOKEN,
  MAGENTO_TIMEOUT_MS: '2000',
  // E-invoices (issue 21): the app server's wrapper (e2e-server.ts) starts a SInvoice-shaped test server on this port
  // for the run; the e-invoice journey steers it (e2e/support/sinvoice.ts).
  E2E_SINVOICE: 'true',
  EINVOICE_MODE: 'sinvoice',
  SINVOICE_BASE_URL: `http://127.0.0.1:${e2eSInvoicePort()}`,
  SINVOICE_USERNAME: E2E_SINVOICE.username,
  SINVOICE_PASSWORD: E2E_SINVOICE.password,
  SINVOICE_SUPPLIER_TAX_CODE: E2E_SINVOICE.supplierTaxCode,
  SINVOICE_TEMPLATE_CODE: E2E_SINVOICE.templateCode,
  SINVOICE_SERIES: E2E_SINVOICE.series,
  SINVOICE_SELLER_NAME: E2E_SINVOICE.sellerName,
  SINVOICE_TIMEOUT_MS: '5000',
  ...(process.env.E2E_SERVER_ENV ? (JSON.parse(process.env.E2E_SERVER_ENV) as Record<string, string>) : {}),
};
process.env.E2E_SERVER_BASE_ENV = JSON.stringify(serverEnv);

export default defineConfig({
  testDir: './e2e',
  outputDir: `${runDir}/test-results`,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // Files run in E2E_WORKERS workers at once (2 by default), each against a server and database of its own
  // (e2e/support/worker-server.ts); the journeys of one file run one after another in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only when a journey is tried again: recording every journey's frames costs the run more than it says.
    trace: 'on-first-retry',
    // The app honours the system's reduced-motion setting (no Ant Design animations): less painting, no waiting for
    // a dialog or dropdown to finish moving.
    reducedMotion: 'reduce',
    // No service worker (it precaches the shell and the counter in every new browser context; blocked, four journey
    // files took 17 % less time): the offline journeys (counter-offline.spec.ts) allow it, being about it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      testIgnore: /tablet\..*\.spec\.ts/,
    },
    {
      name: 'tablet',
      use: { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false },
      testMatch: /tablet\..*\.spec\.ts/,
    },
  ],
  webServer: {
    // The real server with demo data on a fresh embedded database, or on a fresh database `fp_e2e_<port>` on the
    // PostgreSQL server E2E_DATABASE_URL names (e2e/support/e2e-server.ts; dropped again when the run ends).
    command: `rm -rf ${runDir} && npx vite build --logLevel error --outDir ${runDir}/dist && npx tsx e2e/support/e2e-server.ts`,
    url: `http://127.0.0.1:${port}/builds/latest.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server stop and e2e-server.ts drop its PostgreSQL database (a database left by a killed run
    // is dropped when the next run on the port starts).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: serverEnv,
  },
});
