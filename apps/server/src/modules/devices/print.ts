import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { PrintDocumentType, PrintResult, printRequest } from '@fp/contract';
import { businessTimeZone, messages, PRINTER_NOT_CONNECTED } from '@fp/contract';
import type { AppConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { badRequest, businessRule } from '../../http/errors.js';
import { users } from '../auth/schema.js';
import {
  buildPrintJob,
  checkPrinterAddress,
  MAX_BITMAP_HEIGHT,
  sendToPrinter,
  testPageDocument,
  type PrintDocument,
} from './printing/index.js';
import { devices, printJobs } from './schema.js';
import { documentRenderers, documentText, type DocumentRenderer, type RenderedDocument } from './print-documents.js';
import { addressPolicy, getDevice, type DeviceRow } from './service.js';
import { Scope } from '../../http/scope.js';

/**
 * Turns a document number into what goes on paper. The sales issue registers one per document type
 * (quote, order, shipment, invoice, receipt); it reads the document in the caller's scope and throws 404 itself.
 */
export type PrintRenderer = (db: DbOrTx, auth: Auth, documentNo: string) => Promise<PrintDocument>;
/** Issue 9: quote, order, shipment, invoice and receipt are built in (print-documents.ts); a module may replace one. */
const renderers = new Map<PrintDocumentType, DocumentRenderer>(
  Object.entries(documentRenderers) as [PrintDocumentType, DocumentRenderer][],
);

export function registerPrintRenderer(type: Exclude<PrintDocumentType, 'test'>, render: PrintRenderer): void {
  renderers.set(type, async (db, auth, no) => ({ document: await render(db, auth, no), franchiseCode: '' }));
}

type Ctx = { db: DbOrTx; config: AppConfig };

/** The print time in the business time zone (BUSINESS_TIME_ZONE), wherever the server runs. */
function vietnamTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: businessTimeZone(),
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
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function testPageFor(device: DeviceRow, at = new Date()): PrintDocument {
  return testPageDocument({
    deviceName: device.device_name,
    deviceCode: device.device_code,
    locationCode: device.location_code ?? '',
    deviceType: device.device_type,
    ip: device.device_data.ip,
    port: device.device_data.port,
    printedAt: vietnamTime(at),
  });
}

/**
 * Puts a document on a device's paper: the stored address must still pass the policy (the configured ports may
 * have changed since it was saved), the document is rendered as a raster (Vietnamese survives on any printer)
 * and sent over TCP with the 3 s connect timeout. A printer that can't be reached answers `not connected`.
 */
export async function printOnDevice(config: AppConfig, device: DeviceRow, doc: PrintDocument): Promise<PrintResult> {
  const { ip, port } = device.device_data;
  const refused = checkPrinterAddress(ip, port, addressPolicy(config));
  if (refused) {
    throw businessRule(
      `Device ${device.device_code}: ${refused.message}`,
      'printer_address_refused',
      `device_data.${refused.field}`,
    );
  }
  let job: Buffer;
  try {
    job = await buildPrintJob(doc);
  } catch (e) {
    // The renderer refuses documents longer than the paper roll it allows; that is the caller's input, not a bug.
    if (e instanceof Error && e.message.includes(String(MAX_BITMAP_HEIGHT))) {
      throw badRequest('document is too long to print; split it into several prints', 'document', 'document_too_long');
    }
    throw e;
  }
  return sendToPrinter({ ip, port }, job);
}

/** POST /api/devices/{id}/test-print: the test page on that device. */
export async function testPrint({ db, config }: Ctx, auth: Auth, id: number): Promise<PrintResult> {
  const device = await getDevice(db, auth, id);
  return printOnDevice(config, device, testPageFor(device));
}

/**
 * product.md 6 / calls.md 9: Administrators print on an ADMIN_PRINTER (their assigned one, else the first);
 * everyone else on a PRINTER (their assigned one, else the PRINTER of their store's locations).
 */
export async function resolvePrinter(db: DbOrTx, auth: Auth): Promise<DeviceRow> {
  const [user] = await db
    .select({ device_id: users.device_id, customer_no: users.customer_no })
    .from(users)
    .where(eq(users.user_id, auth.userId));
  const wanted = auth.isAdmin ? 'ADMIN_PRINTER' : 'PRINTER';
  if (user?.device_id) {
    const [assigned] = await db
      .select()
      .from(devices)
      .where(and(eq(devices.id, user.device_id), eq(devices.device_type, wanted)));
    if (assigned) return assigned;
  }
  if (auth.isAdmin) {
    const [first] = await db
      .select()
      .from(devices)
      .where(eq(devices.device_type, 'ADMIN_PRINTER'))
      .orderBy(asc(devices.id))
      .limit(1);
    if (first) return first;
    throw businessRule('No ADMIN_PRINTER is set up. Add one on the Devices screen.', 'no_printer');
  }
  const store = auth.scope.franchiseCode ?? user?.customer_no ?? null;
  if (store) {
    const [ofStore] = await db
      .select()
      .from(devices)
      .where(and(eq(devices.device_type, 'PRINTER'), new Scope(store).location(devices.location_code)))
      .orderBy(asc(devices.id))
      .limit(1);
    if (ofStore) return ofStore;
  }
  throw businessRule(
    'No printer is set up for your location. Ask an administrator to add a PRINTER for your store on the Devices screen.',
    'no_printer',
  );
}

/**
 * POST /api/print: a ready document, the test page, or a document by number (quote, order, shipment, invoice,
 * receipt) on the caller's printer. Every print is logged in print_jobs (what was printed, as a document and as
 * text, and whether the printer took it); a printer that is off answers `not connected` and nothing is undone.
 */
export async function printForUser(
  { db, config }: Ctx,
  auth: Auth,
  body: z.output<typeof printRequest>,
): Promise<PrintResult> {
  const found = await documentToPrint(db, auth, body);
  const device = await resolvePrinter(db, auth);
  const doc = found?.document ?? testPageFor(device);
  const result = await printOnDevice(config, device, doc);
  await db.insert(printJobs).values({
    document_type: body.document_type,
    document_no: body.document ? '' : (body.document_no ?? ''),
    franchise_code: found?.franchiseCode ?? auth.scope.franchiseCode ?? '',
    device_id: device.id,
    device_code: device.device_code,
    user_id: auth.userId || null,
    status: result === PRINTER_NOT_CONNECTED ? 'not_connected' : 'printed',
    document: doc,
    text_lines: documentText(doc),
  });
  return result;
}

/** The document to print with its franchise, or null for the printer's own test page. */
async function documentToPrint(
  db: DbOrTx,
  auth: Auth,
  body: z.output<typeof printRequest>,
): Promise<RenderedDocument | null> {
  if (body.document) return { document: body.document, franchiseCode: auth.scope.franchiseCode ?? '' };
  if (body.document_type === 'test') return null;
  const render = renderers.get(body.document_type);
  if (!body.document_no) {
    throw badRequest(messages.required, render ? 'document_no' : 'document');
  }
  if (!render) {
    const article = /^[aeiou]/.test(body.document_type) ? 'an' : 'a';
    throw badRequest(
      `document is required: printing ${article} ${body.document_type} by document_no is not available yet`,
      'document',
    );
  }
  return render(db, auth, body.document_no);
}
