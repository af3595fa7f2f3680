import { defineConfig, devices } from '@playwright/test';
import { E2E_MAGENTO_TOKEN, e2eMagentoPort } from './e2e/support/magento-shop';

// Each run gets its own port, data and build folder, so parallel runs on one machine never meet.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
const port = Number(process.env.E2E_PORT);
const runDir = `/tmp/fp-e2e-${port}`;
export const E2E_DATA_DIR = `${runDir}/data`;

export default defineConfig({
  testDir: './e2e',
  outputDir: `${runDir}/test-results`,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
    env: {
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
      ...(process.env.E2E_SERVER_ENV ? (JSON.parse(process.env.E2E_SERVER_ENV) as Record<string, string>) : {}),
    },
  },
});
