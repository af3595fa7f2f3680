/**
 * Receipt printing for network ESC/POS printers (device_data { ip, port }), with no dependency on the HTTP core.
 *
 * Flow: describe a PrintDocument (document.ts) -> buildPrintJob renders it with the bundled DejaVu Sans font to a
 * 576-dot 1-bit raster (so Vietnamese prints on any printer, whatever its code pages) and wraps it in ESC/POS
 * (init, GS v 0 bands, feed, partial cut) -> check the address with checkPrinterAddress -> sendToPrinter over raw
 * TCP, which answers 'printed' or 'not connected' (calls.md 8) and never throws for network failures.
 * Tests use RecordingPrinter (a local TCP printer) and decodeEscPos to read back what would come out on paper.
 */
export type {
  Align,
  ColumnCell,
  ColumnsLine,
  FeedLine,
  PrintDocument,
  PrintLine,
  QrLine,
  RuleLine,
  TextLine,
  TextSize,
} from './document.js';
export { columns, feed, qr, rule, text } from './document.js';
export type { MonoBitmap, RenderOptions } from './render.js';
export {
  MAX_BITMAP_HEIGHT,
  PAPER_WIDTH_58MM,
  PAPER_WIDTH_80MM,
  bitmapToPng,
  renderDocument,
  writeBitmapPng,
} from './render.js';
export type { PrintJobOptions } from './escpos.js';
export { buildPrintJob, encodeRasterJob } from './escpos.js';
export type { PrinterTarget, SendOptions, SendResult } from './send.js';
export { DEFAULT_CONNECT_TIMEOUT_MS, NOT_CONNECTED, PRINTED, sendToPrinter } from './send.js';
export type { PrinterAddressError, PrinterAddressPolicy } from './address-policy.js';
export { checkPrinterAddress } from './address-policy.js';
export type { TestPageInfo } from './test-page.js';
export { testPageDocument } from './test-page.js';
export type { DecodedPrintJob } from './decode-escpos.js';
export { decodeEscPos } from './decode-escpos.js';
export { RecordingPrinter } from './recording-printer.js';
export { amountInVietnameseWords, numberToVietnameseWords } from '@fp/contract';
