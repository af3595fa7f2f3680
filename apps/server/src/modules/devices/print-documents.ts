import { and, asc, eq, sql } from 'drizzle-orm';
import {
  amountInVietnameseWords,
  businessDateTime,
  displayName,
  formatDate,
  formatNumber,
  EINVOICE_PENDING_RECEIPT_TEXT,
  type EInvoiceBrief,
  type PrintDocumentType,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { D, sum, toMoney } from '../../kernel/money.js';
import { users } from '../auth/schema.js';
import { franchises } from '../franchises/schema.js';
import { redeemableSums } from '../loyalty/points.js';
import { redeemablePointEntries } from '../loyalty/schema.js';
import { cashReceipts } from '../payments/schema.js';
import { feesOf } from '../sales/fees.js';
import { getSalesOrder } from '../sales/load.js';
import { salesInvoiceLines, salesInvoices, salesShipmentLines, salesShipments, salesOrders } from '../sales/schema.js';
import { franchiseVietQr } from '../shifts/vietqr.js';
import { briefOfDocument } from '../einvoices/service.js';
import { columns, qr, rule, text, type PrintDocument, type PrintLine } from './printing/index.js';

// What POST /api/print puts on paper for a document by number (issue 9): quote, order, shipment, invoice and cash
// receipt. Each reads its document in the caller's scope (another franchise's is the module's 404) and lays out:
// the store (franchise name, address, phone), the title and number, date and time (business time zone), cashier,
// customer, the lines by their Vietnamese names, discounts, fees, totals, payments and change, points earned on
// the order and the customer's balance, and the amount in words ("Bằng chữ: …").

export type DocumentRenderer = (db: DbOrTx, auth: Auth, documentNo: string) => Promise<RenderedDocument>;
/** A document to print and the franchise it belongs to (for the print log). */
export type RenderedDocument = { document: PrintDocument; franchiseCode: string };

const money = (v: string | number) => formatNumber(toMoney(D(v)));
const qty = (v: string) => formatNumber(v);
/** DD-MM-YYYY HH:mm:ss of an instant in the business time zone. */
export const businessStamp = (at: string | Date) => {
  const iso = businessDateTime(at);
  return `${formatDate(iso.slice(0, 10))} ${iso.slice(11)}`;
};
const row = (label: string, value: string, bold = false): PrintLine =>
  columns([
    { text: label, width: 3, bold },
    { text: value, width: 2, align: 'right', bold },
  ]);
/** A money row shown only when not zero (discounts, fees). */
const rowIf = (label: string, value: string | undefined, negative = false): PrintLine[] =>
  value !== undefined && !D(value).isZero() ? [row(label, `${negative ? '-' : ''}${money(value)}`)] : [];

export async function storeHeader(db: DbOrTx, franchiseCode: string): Promise<PrintLine[]> {
  const [f] = await db.select().from(franchises).where(eq(franchises.customer_no, franchiseCode));
  const address = [f?.address, f?.address_2, f?.district_name].filter((s) => s && s.trim()).join(', ');
  return [
    text(f?.name ?? franchiseCode, { align: 'center', bold: true, size: 'large' }),
    ...(address ? [text(address, { align: 'center' })] : []),
    ...(f?.phone_no ? [text(`ĐT: ${f.phone_no}`, { align: 'center' })] : []),
    rule('dashed'),
  ];
}

export async function userName(db: DbOrTx, userId: number | null | undefined): Promise<string> {
  if (!userId) return '';
  const [u] = await db
    .select({ username: users.username, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.user_id, userId));
  return u ? displayName(u) : '';
}

function titleBlock(title: string, no: string, at: string, cashier: string, customer: string): PrintLine[] {
  return [
    text(title, { align: 'center', bold: true, size: 'large' }),
    text(`Số: ${no}`, { align: 'center' }),
    text(`Ngày: ${businessStamp(at)}`),
    text(`Thu ngân: ${cashier}`),
    ...(customer ? [text(`Khách hàng: ${customer}`)] : []),
    rule('dashed'),
  ];
}

type ItemLine = {
  description: string;
  item_no: string;
  quantity: string;
  unit_price: string;
  line_discount_amount: string;
  amount: string;
};
function itemLines(lines: readonly ItemLine[]): PrintLine[] {
  const out: PrintLine[] = [];
  for (const l of lines) {
    out.push(text(l.description || l.item_no, { bold: true }));
    out.push(
      columns([
        { text: `${qty(l.quantity)} x ${money(l.unit_price)}`, width: 3 },
        { text: money(D(l.quantity).mul(l.unit_price).toFixed(2)), width: 2, align: 'right' },
      ]),
    );
    if (!D(l.line_discount_amount).isZero()) out.push(row('  Giảm giá', `-${money(l.line_discount_amount)}`));
  }
  out.push(rule('dashed'));
  return out;
}

/** The processed receipts of an order: each payment, and the tendered amount and change of cash. */
async function paymentLines(db: DbOrTx, posSoNo: string): Promise<PrintLine[]> {
  const receipts = await db
    .select()
    .from(cashReceipts)
    .where(and(eq(cashReceipts.pos_so_no, posSoNo), eq(cashReceipts.status, 'processed')))
    .orderBy(asc(cashReceipts.receipt_id));
  if (receipts.length === 0) return [];
  const out: PrintLine[] = [];
  for (const r of receipts) {
    out.push(row(`Thanh toán (${paymentName(r.payment_type)})`, money(r.amount)));
    if (r.tendered_amount !== null) out.push(row('  Tiền khách đưa', money(r.tendered_amount)));
    if (r.change_amount !== null) out.push(row('  Tiền thừa', money(r.change_amount)));
  }
  out.push(row('Đã thanh toán', money(sum(receipts.map((r) => r.amount)).toFixed(2)), true));
  return out;
}

const PAYMENT_NAMES: Record<string, string> = {
  cash: 'Tiền mặt',
  installment: 'Trả góp',
  transfer: 'Chuyển khoản',
  card: 'Thẻ',
};
const paymentName = (t: string) => PAYMENT_NAMES[t] ?? t;

/** Points earned on an order (redeemable ledger) and the customer's balance. */
async function pointLines(db: DbOrTx, customerNo: string, posSoNo: string): Promise<PrintLine[]> {
  if (!customerNo) return [];
  const [earned] = await db
    .select({ p: sql<string>`coalesce(sum(${redeemablePointEntries.points}), 0)::text` })
    .from(redeemablePointEntries)
    .where(
      and(
        eq(redeemablePointEntries.pos_so_no, posSoNo),
        eq(redeemablePointEntries.customer_no, customerNo),
        eq(redeemablePointEntries.entry_type, 'earned'),
      ),
    );
  const balance = await redeemableSums(db, customerNo);
  if (D(earned?.p).isZero() && balance.total.isZero()) return [];
  return [
    row('Điểm tích lũy đơn này', formatNumber(D(earned?.p).toFixed())),
    row('Tổng điểm', formatNumber(balance.total.toFixed())),
  ];
}

const footer = (total: string): PrintLine[] => [
  rule('dashed'),
  text(`Bằng chữ: ${amountInVietnameseWords(total)}`, { bold: true }),
  text('Cảm ơn quý khách!', { align: 'center' }),
];

const TITLES = { quote: 'BÁO GIÁ', order: 'ĐƠN HÀNG', shipment: 'PHIẾU GIAO HÀNG', invoice: 'HÓA ĐƠN BÁN HÀNG' };

/** A quote or an order as it stands (its lines, fees, discounts, totals, payments and remaining amount). */
const salesDocument =
  (type: 'quote' | 'order'): DocumentRenderer =>
  async (db, auth, no) => {
    const o = await getSalesOrder(db, auth.scope, no);
    if (o.document_type !== type) throw notFound(type === 'quote' ? 'Sales quote' : 'Sales order');
    const [created] = await db
      .select({ by: salesOrders.created_by })
      .from(salesOrders)
      .where(eq(salesOrders.pos_so_no, no));
    const t = o.totals;
    const customer = [o.sell_to_name, o.sell_to_phone_no].filter(Boolean).join(' - ');
    const lines: PrintLine[] = [
      ...(await storeHeader(db, o.franchise_code)),
      ...titleBlock(TITLES[type], o.pos_so_no, o.created_at, await userName(db, created?.by ?? auth.userId), customer),
      ...itemLines(o.lines),
      row('Tổng tiền hàng', money(t.subtotal)),
      ...rowIf('Giảm giá dòng', t.line_discount_amount, true),
      ...rowIf('Chiết khấu hóa đơn', t.invoice_discount_amount, true),
      ...rowIf('Khuyến mãi', t.promotion_discount_amount, true),
      ...rowIf('Trừ điểm thưởng', t.points_discount_amount, true),
      ...o.fees.map((f) => row(`Phí: ${f.description || f.fee_code}`, money(f.amount))),
      row('TỔNG CỘNG', money(t.grand_total), true),
      row('Trong đó VAT', money(t.vat_amount)),
      ...(type === 'order'
        ? [...(await paymentLines(db, o.pos_so_no)), row('Còn lại', money(o.remaining_amount))]
        : []),
      ...(type === 'order' ? await pointLines(db, o.sell_to_code, o.pos_so_no) : []),
      ...footer(t.grand_total),
    ];
    return { document: { lines }, franchiseCode: o.franchise_code };
  };

/** A posted shipment: what left the store, with the amounts of its lines. */
const shipment: DocumentRenderer = async (db, auth, no) => {
  const [h] = await db
    .select()
    .from(salesShipments)
    .where(and(eq(salesShipments.pos_ss_no, no), auth.scope.franchise(salesShipments.franchise_code)));
  if (!h) throw notFound('Sales shipment');
  const ls = await db
    .select()
    .from(salesShipmentLines)
    .where(eq(salesShipmentLines.pos_ss_no, no))
    .orderBy(asc(salesShipmentLines.line_no));
  const total = sum(ls.map((l) => l.amount)).toFixed(2);
  const lines: PrintLine[] = [
    ...(await storeHeader(db, h.franchise_code)),
    ...titleBlock(TITLES.shipment, h.pos_ss_no, h.created_at, await userName(db, h.created_by), h.customer_name),
    text(`Đơn hàng: ${h.pos_so_no}`),
    ...(h.ship_to_address ? [text(`Giao đến: ${h.ship_to_address}`)] : []),
    rule('dashed'),
    ...itemLines(ls),
    row('TỔNG CỘNG', money(total), true),
    ...footer(total),
  ];
  return { document: { lines }, franchiseCode: h.franchise_code };
};

/** A posted invoice: lines, discounts, fees (on the first invoice), VAT, amount, the order's payments and points. */
const invoice: DocumentRenderer = async (db, auth, no) => {
  const [h] = await db
    .select()
    .from(salesInvoices)
    .where(and(eq(salesInvoices.pos_si_no, no), auth.scope.franchise(salesInvoices.franchise_code)));
  if (!h) throw notFound('Sales invoice');
  const ls = await db
    .select()
    .from(salesInvoiceLines)
    .where(eq(salesInvoiceLines.pos_si_no, no))
    .orderBy(asc(salesInvoiceLines.line_no));
  const fees = D(h.fees_amount).isZero() ? [] : await feesOf(db, h.pos_so_no);
  const lines: PrintLine[] = [
    ...(await storeHeader(db, h.franchise_code)),
    ...titleBlock(TITLES.invoice, h.pos_si_no, h.created_at, await userName(db, h.created_by), h.customer_name),
    text(`Đơn hàng: ${h.pos_so_no}`),
    rule('dashed'),
    ...itemLines(ls),
    row('Tổng tiền hàng', money(h.subtotal)),
    ...rowIf('Giảm giá dòng', h.line_discount_amount, true),
    ...rowIf('Chiết khấu, khuyến mãi, điểm', h.invoice_discount_amount, true),
    ...fees.map((f) => row(`Phí: ${f.description || f.fee_code}`, money(f.amount))),
    row('TỔNG CỘNG', money(h.amount), true),
    row('Trong đó VAT', money(h.vat_amount)),
    ...(await paymentLines(db, h.pos_so_no)),
    ...(await pointLines(db, h.customer_no, h.pos_so_no)),
    ...eInvoiceLines(await briefOfDocument(db, h.pos_si_no)),
    ...footer(h.amount),
  ];
  return { document: { lines }, franchiseCode: h.franchise_code };
};

/**
 * What Decree 70 asks a cash-register invoice's receipt to show (issue 21): the seller and its tax code, the
 * e-invoice's series and number, the tax authority's code, the lookup code and where to look it up (address and QR
 * code). Printed before the provider issued it: "Hóa đơn điện tử đang được phát hành"; a reprint shows the codes.
 * Nothing when no provider is configured (not_sent).
 */
export function eInvoiceLines(e: EInvoiceBrief): PrintLine[] {
  if (e.state === 'not_sent') return [];
  const head: PrintLine[] = [
    rule('dashed'),
    text('HÓA ĐƠN ĐIỆN TỬ KHỞI TẠO TỪ MÁY TÍNH TIỀN', { align: 'center', bold: true }),
    ...(e.seller_name ? [text(`Người bán: ${e.seller_name}`)] : []),
    ...(e.seller_tax_code ? [text(`MST người bán: ${e.seller_tax_code}`)] : []),
  ];
  if (e.state !== 'issued') return [...head, text(EINVOICE_PENDING_RECEIPT_TEXT, { align: 'center', bold: true })];
  return [
    ...head,
    row('Ký hiệu', `${e.template_code ? `${e.template_code.split('/')[0]}` : ''}${e.invoice_series}`),
    row('Số hóa đơn', e.invoice_no, true),
    text(`Mã CQT: ${e.code_of_tax}`),
    row('Mã tra cứu', e.reservation_code, true),
    ...(e.lookup_url ? [text(`Tra cứu tại: ${e.lookup_url}`), qr(e.lookup_url)] : []),
  ];
}

/** A cash receipt by its number: amount, method, tendered and change, the order it pays and what is left on it. */
const receipt: DocumentRenderer = async (db, auth, no) => {
  const [r] = await db
    .select()
    .from(cashReceipts)
    .where(and(eq(cashReceipts.receipt_no, no), auth.scope.franchise(cashReceipts.franchise_code)))
    .orderBy(asc(cashReceipts.receipt_id))
    .limit(1);
  if (!r) throw notFound('Payment receipt');
  const order = r.pos_so_no ? await getSalesOrder(db, auth.scope, r.pos_so_no).catch(() => null) : null;
  const customer = [r.customer_name, r.phone].filter(Boolean).join(' - ');
  const lines: PrintLine[] = [
    ...(await storeHeader(db, r.franchise_code)),
    ...titleBlock(
      D(r.amount).isNegative() ? 'PHIẾU CHI' : 'PHIẾU THU',
      r.receipt_no,
      r.processed_at ?? r.created_at,
      await userName(db, r.processed_by ?? r.created_by),
      customer,
    ),
    ...(r.pos_so_no ? [text(`Đơn hàng: ${r.pos_so_no}`)] : []),
    text(`Hình thức: ${paymentName(r.payment_type)}`),
    ...(r.contract_no ? [text(`Hợp đồng: ${r.contract_no}`)] : []),
    ...(r.comment ? [text(`Ghi chú: ${r.comment}`)] : []),
    rule('dashed'),
    row('SỐ TIỀN', money(r.amount), true),
    ...(r.tendered_amount !== null ? [row('Tiền khách đưa', money(r.tendered_amount))] : []),
    ...(r.change_amount !== null ? [row('Tiền thừa', money(r.change_amount))] : []),
    ...(order
      ? [
          rule('dashed'),
          row('Tổng đơn hàng', money(order.totals.grand_total)),
          row('Còn lại', money(order.remaining_amount)),
          ...(await pointLines(db, order.sell_to_code, order.pos_so_no)),
        ]
      : []),
    ...(r.payment_type === 'transfer' ? await vietQrLines(db, r) : []),
    ...(r.status !== 'processed' ? [text('(Chưa xử lý)', { align: 'center' })] : []),
    ...footer(D(r.amount).abs().toFixed(2)),
  ];
  return { document: { lines }, franchiseCode: r.franchise_code };
};

/**
 * A transfer payment (issue 11): the VietQR code of the franchise's bank account with the exact amount and the order
 * number in the purpose, and the same in words for a customer who types the transfer. Nothing for a refund or a
 * franchise without a bank account.
 */
async function vietQrLines(
  db: DbOrTx,
  r: { franchise_code: string; pos_so_no: string; receipt_no: string; amount: string },
): Promise<PrintLine[]> {
  if (!D(r.amount).gte(1)) return [];
  const v = await franchiseVietQr(db, r.franchise_code, r.pos_so_no || r.receipt_no, r.amount);
  if (!v) return [];
  return [
    rule('dashed'),
    text('Quét mã VietQR để chuyển khoản', { align: 'center', bold: true }),
    qr(v.payload),
    text(`Ngân hàng (BIN): ${v.bank_bin}`),
    text(`Số tài khoản: ${v.bank_account_no}`),
    ...(v.bank_account_name ? [text(`Chủ tài khoản: ${v.bank_account_name}`)] : []),
    row('Số tiền', money(v.amount), true),
    text(`Nội dung: ${v.purpose}`),
  ];
}

export const documentRenderers: Record<Exclude<PrintDocumentType, 'test'>, DocumentRenderer> = {
  quote: salesDocument('quote'),
  order: salesDocument('order'),
  shipment,
  invoice,
  receipt,
};

/** The text of a document, one entry per line: text as is, columns joined by two spaces, a rule as dashes. */
export function documentText(doc: PrintDocument): string[] {
  return doc.lines.map((l) => {
    if (l.kind === 'columns') return l.cells.map((c) => c.text).join('  ');
    if (l.kind === 'rule') return '-'.repeat(32);
    if (l.kind === 'feed') return '';
    if (l.kind === 'qr') return `QR: ${l.data}`;
    return l.text;
  });
}
