import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { WorkerInfo } from '@playwright/test';

// Journeys run in several Playwright workers at once (playwright.config.ts `workers`). Each worker talks to a server
// of its own with its own database, so no journey ever sees another's data while it runs: the first worker uses the
// config's webServer (port E2E_PORT); every further one starts the same server (e2e-server.ts, the same built web app)
// on port E2E_PORT + n with its own data folder, its own PostgreSQL database `fp_e2e_<port>` and its own online shop
// port, and stops it (dropping that database) when the worker ends.

const webDir = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of the config's webServer, which the config hands to its workers as E2E_SERVER_BASE_ENV. */
function baseEnv(): Record<string, string> {
  return JSON.parse(process.env.E2E_SERVER_BASE_ENV ?? '{}') as Record<string, string>;
}

async function waitUntilUp(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  server.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the journeys' server for ${url} stopped while starting`);
    try {
      const res = await fetch(`${url}/builds/latest.json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the journeys' server for ${url} did not start within ${timeoutMs / 1000} s`);
}

/** The base URL of this worker's server: the config's for the first worker, a server of its own for the others. */
export async function workerServer(info: WorkerInfo): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const base = Number(process.env.E2E_PORT);
  const n = info.parallelIndex;
  const port = base + n;
  const shopPort = port + 1000;
  // The online shop journey starts its Magento-shaped server on the port this worker's server calls.
  process.env.E2E_MAGENTO_PORT = String(shopPort);
  // The e-invoice journey starts its SInvoice-shaped server on the port this worker's server sends e-invoices to.
  process.env.E2E_SINVOICE_PORT = String(port + 2000);
  if (n === 0) return { baseURL: `http://127.0.0.1:${port}`, stop: async () => {} };
  return startAppServer({
    port,
    dataDir: `${baseEnv().DATA_DIR}-${n}`,
    env: { MAGENTO_BASE_URL: `http://127.0.0.1:${shopPort}`, SINVOICE_BASE_URL: `http://127.0.0.1:${port + 2000}` },
  });
}

/**
 * Starts one more journeys' app server (e2e-server.ts, the built web app of the run) on `port` with its own data
 * folder (and PostgreSQL database `fp_e2e_<port>`), the config's environment plus `env` (e.g. another ERP_MODE);
 * answers once it serves. `stop` ends it (dropping that database).
 */
export async function startAppServer(o: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/e2e-server.ts'], {
    cwd: webDir,
    env: { ...process.env, ...baseEnv(), ...o.env, PORT: String(o.port), DATA_DIR: o.dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${o.port}`;
  try {
    await waitUntilUp(baseURL, server, 180_000);
  } catch (e) {
    server.kill('SIGKILL');
    throw e;
  }
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        const force = setTimeout(() => server.kill('SIGKILL'), 30_000);
        server.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        server.kill('SIGTERM');
      }),
  };
}
