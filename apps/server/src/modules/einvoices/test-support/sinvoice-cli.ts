import { DEFAULT_SINVOICE_ACCOUNT, startSInvoiceServer } from './sinvoice-test-server.js';

// Starts the SInvoice-shaped test server (browser journeys, a local try-out):
//   npx tsx apps/server/src/modules/einvoices/test-support/sinvoice-cli.ts --port 4217
// It listens on 127.0.0.1 with the default account (SINVOICE_USERNAME / SINVOICE_PASSWORD /
// SINVOICE_SUPPLIER_TAX_CODE 0100109106-215, template 1/001, series C26MAA or C26MBB) until stopped. Test controls:
// GET|POST /__test/invoices (what it issued), POST /__test/reject-next {errorCode, description},
// POST /__test/fail-next {count, status}, POST /__test/expire-tokens.

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const port = Number(arg('port') ?? process.env.SINVOICE_TEST_PORT ?? 4100);
const server = await startSInvoiceServer({ port });
console.log(
  `SInvoice test server on ${server.baseUrl} (user ${DEFAULT_SINVOICE_ACCOUNT.username}, password ${DEFAULT_SINVOICE_ACCOUNT.password}, templates ${JSON.stringify(DEFAULT_SINVOICE_ACCOUNT.templates)})`,
);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
