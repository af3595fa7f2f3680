import { createServer } from 'node:net';
import { test, expect, ADMIN, uniq, signIn } from './fixtures';
import { RecordingPrinter } from '../../server/src/modules/devices/printing/recording-printer';
import { decodeEscPos } from '../../server/src/modules/devices/printing/decode-escpos';
import { countBlack } from '../../server/src/modules/devices/printing/test-helpers';

// The e2e server runs with PRINTER_ALLOW_LOOPBACK=true, so a device may point at this recording printer on 127.0.0.1.

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// The machine running journeys may be busy: give the screens time rather than fail on a slow render.
const slowExpect = expect.configure({ timeout: 30_000 });

test('devices: add a printer, test-print it to paper, see not connected, delete it', async ({ page }) => {
  test.setTimeout(180_000);
  const printer = new RecordingPrinter();
  await printer.start();
  try {
    const code = `E2E-${uniq()}`.toUpperCase().slice(0, 30);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/devices');
    await slowExpect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
    // Demo data: a printer per demo store.
    await slowExpect(page.getByRole('row', { name: /PRN-HN001-01/ })).toContainText('192.168.1.50');

    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Port').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await slowExpect(dialog.getByText('This is required field!').first()).toBeVisible();

    await dialog.getByLabel('Device Code').fill(code);
    await dialog.getByLabel('Device Name').fill('Máy in quầy thử');
    await dialog.getByLabel('Location').fill('HN001-01');
    // The form checks address and port as the server does, in product.md 5's words.
    await dialog.getByLabel('IP').fill('999.1.1.1');
    await dialog.getByLabel('Port').fill('70000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await slowExpect(dialog.getByText('Please enter a valid IP address such as 192.168.1.50!')).toBeVisible();
    await slowExpect(dialog.getByText('Please enter between 1 and 65535')).toBeVisible();
    await expect(page.getByText('Create Device Successfully!')).toHaveCount(0);
    await dialog.getByLabel('IP').fill('8.8.8.8');
    await dialog.getByLabel('Port').fill('9100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The server refuses addresses outside private networks, on the IP field.
    await slowExpect(
      dialog.getByText(
        'ip must be a private network address (10.x, 172.16-31.x, 192.168.x or IPv6 fc00::/7) or loopback',
      ),
    ).toBeVisible();

    await dialog.getByLabel('IP').fill(printer.ip);
    await dialog.getByLabel('Port').fill(String(printer.port));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await slowExpect(page.getByText('Create Device Successfully!')).toBeVisible();

    await page.getByPlaceholder('Device Code').fill(code);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await slowExpect(row).toContainText('127.0.0.1');
    await slowExpect(row).toContainText(String(printer.port));
    await slowExpect(page.getByText('1 record', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Test Print ${code}` }).click();
    await slowExpect(page.getByText('Test Print Printer Successfully!')).toBeVisible();
    const job = decodeEscPos(await printer.waitForJob());
    expect(job.images).toHaveLength(1);
    expect(job.images[0].width).toBe(576);
    expect(countBlack(job.images[0])).toBeGreaterThan(5000);
    expect(job.cut).toBe(true);

    // Point it at a port where nothing listens: the test print answers "not connected".
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await slowExpect(dialog.getByLabel('IP')).toHaveValue('127.0.0.1');
    await dialog.getByLabel('Port').fill(String(await closedPort()));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await slowExpect(page.getByText('Update Device Successfully!')).toBeVisible();
    await row.getByRole('button', { name: `Test Print ${code}` }).click();
    // The answer's value `not connected` is worded by the screen, naming the printer.
    await slowExpect(page.getByText(`Printer Máy in quầy thử (${code}) is not connected`)).toBeVisible();
    expect(printer.jobs()).toHaveLength(1);

    await row.getByRole('button', { name: `Delete ${code}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await slowExpect(page.getByText('Delete Device Successfully!')).toBeVisible();
    await slowExpect(page.getByText('No data')).toBeVisible();
  } finally {
    await printer.stop();
  }
});
