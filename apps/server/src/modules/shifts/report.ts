import { and, asc, eq } from 'drizzle-orm';
import {
  formatDate,
  formatNumber,
  PRINTER_NOT_CONNECTED,
  shiftMessages,
  type ShiftDetail,
  type ShiftReport,
  type ShiftReportKind,
} from '@fp/contract';
import type { AppConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { businessRule } from '../../http/errors.js';
import { D, toMoney } from '../../kernel/money.js';
import { users } from '../auth/schema.js';
import { businessStamp, documentText, storeHeader } from '../devices/print-documents.js';
import { printOnDevice } from '../devices/print.js';
import { columns, rule, text, type PrintDocument, type PrintLine } from '../devices/printing/index.js';
import { devices, printJobs } from '../devices/schema.js';
import type { DeviceRow } from '../devices/service.js';
import { getShift } from './service.js';

// The X report (running figures of an open shift) and the Z report (final figures of a closed one), printed on the
// PRINTER of the shift's location exactly as POST /api/print prints: rendered to a raster, sent over TCP, logged in
// print_jobs (document_type x_report / z_report, document_no = the shift number); a printer that is off answers
// `not connected` and nothing is undone.

const money = (v: string | null) => (v === null ? '' : formatNumber(toMoney(D(v))));
const row = (label: string, value: string, bold = false): PrintLine =>
  columns([
    { text: label, width: 3, bold },
    { text: value, width: 2, align: 'right', bold },
  ]);

const METHOD_NAMES: Record<string, string> = { cash: 'Tiền mặt', card: 'Thẻ', transfer: 'Chuyển khoản' };
const TITLES: Record<ShiftReportKind, [string, string]> = {
  X: ['X REPORT', 'BÁO CÁO GIỮA CA'],
  Z: ['Z REPORT', 'BÁO CÁO KẾT CA'],
};

/**
 * The report on paper: store, title, shift number, location, cashier, opened/closed (or printed) times, float,
 * per method the receipts, expected, counted and difference (Z), the totals and the number of receipts.
 */
export async function shiftReportDocument(
  db: DbOrTx,
  s: ShiftDetail,
  kind: ShiftReportKind,
  at = new Date(),
): Promise<PrintDocument> {
  const [title, subtitle] = TITLES[kind];
  const closed = kind === 'Z';
  const lines: PrintLine[] = [
    ...(await storeHeader(db, s.franchise_code)),
    text(title, { align: 'center', bold: true, size: 'large' }),
    text(subtitle, { align: 'center', bold: true }),
    text(`Ca: ${s.shift_no}`, { align: 'center' }),
    text(`Cửa hàng: ${s.location_code}`),
    text(`Ngày: ${formatDate(s.business_date)}`),
    text(`Thu ngân: ${s.opened_by_name}`),
    text(`Mở ca: ${businessStamp(s.opened_at)}`),
    ...(closed && s.closed_at
      ? [
          text(`Đóng ca: ${businessStamp(s.closed_at)}`),
          ...(s.closed_by_name && s.closed_by_name !== s.opened_by_name
            ? [text(`Người đóng ca: ${s.closed_by_name}`)]
            : []),
        ]
      : [text(`In lúc: ${businessStamp(at)}`)]),
    rule('dashed'),
    row('Tiền đầu ca', money(s.opening_float)),
    row('Số phiếu thu', String(s.receipt_count)),
    rule('dashed'),
  ];
  for (const m of s.methods) {
    lines.push(text(`${METHOD_NAMES[m.payment_method] ?? m.payment_method} (${m.receipt_count})`, { bold: true }));
    lines.push(row('  Thu trong ca', money(m.receipts_amount)));
    lines.push(row('  Dự kiến', money(m.expected_amount)));
    if (closed) {
      lines.push(row('  Thực đếm', money(m.counted_amount)));
      lines.push(row('  Chênh lệch', money(m.difference), true));
    }
  }
  lines.push(rule('dashed'));
  lines.push(row('Tổng thu trong ca', money(s.total_amount), true));
  if (!D(s.other_receipts_amount).isZero())
    lines.push(row('  Trong đó hình thức khác', money(s.other_receipts_amount)));
  lines.push(row('Tổng dự kiến', money(s.expected_total), true));
  if (closed) {
    lines.push(row('Tổng thực đếm', money(s.counted_total), true));
    lines.push(row('Tổng chênh lệch', money(s.difference), true));
  }
  lines.push(rule('dashed'));
  lines.push(text(closed ? 'Đã kết ca' : 'Ca đang mở', { align: 'center' }));
  return { lines };
}

/**
 * The printer of a location: the caller's assigned PRINTER when it stands there, else the location's first PRINTER;
 * none is a 422 naming the location.
 */
export async function locationPrinter(db: DbOrTx, auth: Auth, locationCode: string): Promise<DeviceRow> {
  const [user] = await db.select({ device_id: users.device_id }).from(users).where(eq(users.user_id, auth.userId));
  if (user?.device_id) {
    const [assigned] = await db
      .select()
      .from(devices)
      .where(
        and(
          eq(devices.id, user.device_id),
          eq(devices.device_type, 'PRINTER'),
          eq(devices.location_code, locationCode),
        ),
      );
    if (assigned) return assigned;
  }
  const [first] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.device_type, 'PRINTER'), eq(devices.location_code, locationCode)))
    .orderBy(asc(devices.id))
    .limit(1);
  if (first) return first;
  throw businessRule(
    `No printer is set up for location ${locationCode}. Ask an administrator to add a PRINTER for it on the Devices screen.`,
    'no_printer',
    'location_code',
  );
}

/** POST /api/shifts/report: X while open, Z once closed (422 on kind otherwise); prints and answers the figures. */
export async function printShiftReport(
  { db, config }: { db: DbOrTx; config: AppConfig },
  auth: Auth,
  body: { shift_id: number; kind: ShiftReportKind },
): Promise<ShiftReport> {
  const s = await getShift(db, auth.scope, body.shift_id);
  if (body.kind === 'X' && s.status !== 'open')
    throw businessRule(shiftMessages.xNeedsOpen(s.shift_no), 'status_not_allowed', 'kind');
  if (body.kind === 'Z' && s.status !== 'closed')
    throw businessRule(shiftMessages.zNeedsClosed(s.shift_no), 'status_not_allowed', 'kind');
  const device = await locationPrinter(db, auth, s.location_code);
  const doc = await shiftReportDocument(db, s, body.kind);
  const result = await printOnDevice(config, device, doc);
  await db.insert(printJobs).values({
    document_type: body.kind === 'X' ? 'x_report' : 'z_report',
    document_no: s.shift_no,
    franchise_code: s.franchise_code,
    device_id: device.id,
    device_code: device.device_code,
    user_id: auth.userId || null,
    status: result === PRINTER_NOT_CONNECTED ? 'not_connected' : 'printed',
    document: doc,
    text_lines: documentText(doc),
  });
  return { ...s, kind: body.kind, print_result: result };
}
