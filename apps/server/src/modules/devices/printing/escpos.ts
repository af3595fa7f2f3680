import type { PrintDocument } from './document.js';
import { renderDocument, type MonoBitmap, type RenderOptions } from './render.js';

export const ESC = 0x1b;
export const GS = 0x1d;

/** Rows per GS v 0 block; small bands keep within the input buffer of cheap printers. */
export const RASTER_BAND_ROWS = 255;

export type PrintJobOptions = RenderOptions & {
  /** Lines fed after the image so the last printed row clears the cutter. */
  feedLines?: number;
  /** Partial cut at the end; turn off for printers without a cutter. */
  cut?: boolean;
};

const DEFAULT_FEED_LINES = 4;

/** ESC @: reset the printer so leftover modes from a previous job do not leak in. */
export function initCommand(): Buffer {
  return Buffer.from([ESC, 0x40]);
}

/** ESC d n: print and feed n lines. */
export function feedCommand(lines: number): Buffer {
  const n = Math.max(0, Math.min(255, Math.floor(lines)));
  return Buffer.from([ESC, 0x64, n]);
}

/** GS V 1: partial cut (one point left uncut so the receipt does not drop). */
export function partialCutCommand(): Buffer {
  return Buffer.from([GS, 0x56, 0x01]);
}

/** GS v 0 raster blocks, normal density, split into bands of at most RASTER_BAND_ROWS rows. */
export function rasterCommands(bitmap: MonoBitmap, bandRows = RASTER_BAND_ROWS): Buffer {
  const rowBytes = bitmap.width / 8;
  if (!Number.isInteger(rowBytes) || rowBytes > 0xffff) throw new Error('Raster width must be a multiple of 8 dots');
  if (bitmap.bits.length !== rowBytes * bitmap.height) throw new Error('Raster data does not match its size');
  const parts: Buffer[] = [];
  for (let top = 0; top < bitmap.height; top += bandRows) {
    const rows = Math.min(bandRows, bitmap.height - top);
    parts.push(
      Buffer.from([GS, 0x76, 0x30, 0x00, rowBytes & 0xff, rowBytes >> 8, rows & 0xff, rows >> 8]),
      Buffer.from(bitmap.bits.subarray(top * rowBytes, (top + rows) * rowBytes)),
    );
  }
  return Buffer.concat(parts);
}

/** Full job for one bitmap: init, image, feed, cut. */
export function encodeRasterJob(bitmap: MonoBitmap, options: Omit<PrintJobOptions, 'width'> = {}): Buffer {
  const parts = [initCommand(), rasterCommands(bitmap), feedCommand(options.feedLines ?? DEFAULT_FEED_LINES)];
  if (options.cut ?? true) parts.push(partialCutCommand());
  return Buffer.concat(parts);
}

/** Renders the document (text becomes an image, so any Vietnamese text prints on any ESC/POS printer). */
export async function buildPrintJob(doc: PrintDocument, options: PrintJobOptions = {}): Promise<Buffer> {
  return encodeRasterJob(renderDocument(doc, { width: options.width }), options);
}
