import { spawn } from 'node:child_process';
import pg from 'pg';
import { startSInvoiceServer } from '../../../server/src/modules/einvoices/test-support/sinvoice-test-server';

// The journeys' app server (playwright.config.ts webServer): on the embedded database in DATA_DIR, or, when
// E2E_DATABASE_URL names a PostgreSQL server, on a fresh database `fp_e2e_<PORT>` there, created before the start
// and dropped after the stop. Run from apps/web.

const serverUrl = process.env.E2E_DATABASE_URL;
const env = { ...process.env };
let drop: (() => Promise<void>) | undefined;

if (serverUrl) {
  const name = `fp_e2e_${Number(process.env.PORT)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  // A run on this port that was killed left its database: start again from nothing.
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  drop = () => admin(`drop database if exists ${name} with (force)`);
}

// E-invoices (issue 21): with E2E_SINVOICE the run's SInvoice-shaped provider listens at SINVOICE_BASE_URL beside the
// app, with the configured seller account, so every journey's invoices are issued as in a store; the e-invoice
// journey steers it through its test controls (e2e/support/sinvoice.ts).
const sinvoice =
  env.E2E_SINVOICE === 'true' && env.EINVOICE_MODE === 'sinvoice' && env.SINVOICE_BASE_URL
    ? await startSInvoiceServer({
        port: Number(new URL(env.SINVOICE_BASE_URL).port),
        accounts: [
          {
            username: env.SINVOICE_USERNAME ?? '',
            password: env.SINVOICE_PASSWORD ?? '',
            supplierTaxCode: env.SINVOICE_SUPPLIER_TAX_CODE ?? '',
            templates: { [env.SINVOICE_TEMPLATE_CODE ?? '']: [env.SINVOICE_SERIES ?? ''] },
          },
        ],
      })
    : null;

const server = spawn(process.execPath, ['--import', 'tsx', '../server/src/main.ts'], { env, stdio: 'inherit' });
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  stopping = true;
  server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  void (sinvoice?.close() ?? Promise.resolve())
    .then(() => (drop ?? (async () => {}))())
    .catch((e: unknown) => console.error(`dropping the e2e database failed: ${String(e)}`))
    .finally(() => process.exit(stopping ? 0 : (code ?? 1)));
});
