import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import type { Align, ColumnsLine, PrintDocument, PrintLine, TextSize } from './document.js';

/** 80 mm paper: 72 mm printable at 203 dpi. */
export const PAPER_WIDTH_80MM = 576;
/** 58 mm paper: 48 mm printable at 203 dpi. */
export const PAPER_WIDTH_58MM = 384;
/** About 7.4 m of paper; stops a runaway document from allocating gigabytes. */
export const MAX_BITMAP_HEIGHT = 60000;

/** Row-major 1-bit image: 1 = black, 8 dots per byte MSB first, width / 8 bytes per row. */
export type MonoBitmap = { width: number; height: number; bits: Uint8Array };

export type RenderOptions = { width?: number };

// Pixel sizes in printer dots; 24 dots matches the printers' own 12x24 Font A height.
const FONT_PX: Record<TextSize, number> = { normal: 24, large: 40 };
const LINE_GAP = 2;
const COLUMN_GAP = 12;
const RULE_BLOCK = 14;
const RULE_THICKNESS = 2;
/** White modules around a QR code (the standard's quiet zone) and the share of the paper it may take. */
const QR_QUIET_MODULES = 4;
const QR_PAPER_SHARE = 0.6;
// Anti-aliased edges darker than this become black; slightly above 50% keeps thin strokes on thermal paper.
const BLACK_THRESHOLD = 160;

const REGULAR_FAMILY = 'FpReceiptSans';
const BOLD_FAMILY = 'FpReceiptSansBold';

let fontsRegistered = false;

/** Registers the DejaVu fonts from npm under private names, so no system font can stand in for them. */
function ensureFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const ttfDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const faces: [string, string][] = [
    ['DejaVuSans.ttf', REGULAR_FAMILY],
    ['DejaVuSans-Bold.ttf', BOLD_FAMILY],
  ];
  for (const [file, family] of faces) {
    if (!GlobalFonts.registerFromPath(path.join(ttfDir, file), family)) {
      throw new Error(`Could not load printer font ${path.join(ttfDir, file)}`);
    }
  }
  fontsRegistered = true;
}

function fontSpec(size: TextSize, bold: boolean): string {
  return `${FONT_PX[size]}px ${bold ? BOLD_FAMILY : REGULAR_FAMILY}`;
}

type LineMetrics = { ascent: number; descent: number; height: number };

const metricsCache = new Map<TextSize, LineMetrics>();

/** Line box tall enough for stacked Vietnamese capitals (Ấ, Ỗ) and dots below (ỵ, Ạ) in either weight. */
function lineMetrics(ctx: SKRSContext2D, size: TextSize): LineMetrics {
  const cached = metricsCache.get(size);
  if (cached) return cached;
  let ascent = 0;
  let descent = 0;
  for (const bold of [false, true]) {
    ctx.font = fontSpec(size, bold);
    const tall = ctx.measureText('ẤỖẶỆẪỸ');
    const deep = ctx.measureText('gjpqyỵẠỵ');
    ascent = Math.max(ascent, tall.fontBoundingBoxAscent, tall.actualBoundingBoxAscent);
    descent = Math.max(descent, deep.fontBoundingBoxDescent, deep.actualBoundingBoxDescent);
  }
  const metrics = { ascent: Math.ceil(ascent), descent: Math.ceil(descent), height: 0 };
  metrics.height = metrics.ascent + metrics.descent + LINE_GAP;
  metricsCache.set(size, metrics);
  return metrics;
}

type DrawOp =
  | { kind: 'text'; text: string; font: string; x: number; baseline: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number };

/** NFC turns decomposed marks (e + ̣ + ̂) into the font's precomposed glyphs (ệ); control characters are dropped. */
function cleanText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 9) out += ' ';
    else if (code === 10 || (code >= 32 && code !== 127)) out += ch;
  }
  return out;
}

const graphemes = new Intl.Segmenter('vi', { granularity: 'grapheme' });

/** Greedy word wrap; runs of spaces collapse, a word wider than the box is split between characters. */
function wrapText(ctx: SKRSContext2D, value: string, maxWidth: number): string[] {
  const out: string[] = [];
  for (const paragraph of cleanText(value).split('\n')) {
    const words = paragraph.split(' ').filter((w) => w !== '');
    let current = '';
    for (const word of words) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (ctx.measureText(candidate).width <= maxWidth) {
        current = candidate;
        continue;
      }
      if (current !== '') out.push(current);
      current = '';
      if (ctx.measureText(word).width <= maxWidth) {
        current = word;
        continue;
      }
      for (const { segment } of graphemes.segment(word)) {
        if (current !== '' && ctx.measureText(current + segment).width > maxWidth) {
          out.push(current);
          current = '';
        }
        current += segment;
      }
    }
    out.push(current);
  }
  return out;
}

function alignedX(ctx: SKRSContext2D, value: string, align: Align, left: number, width: number): number {
  if (align === 'left') return left;
  const textWidth = ctx.measureText(value).width;
  const offset = align === 'center' ? (width - textWidth) / 2 : width - textWidth;
  return left + Math.max(0, Math.round(offset));
}

function columnBoxes(line: ColumnsLine, paperWidth: number): { left: number; width: number }[] {
  const weights = line.cells.map((c) => c.width);
  if (weights.some((w) => !Number.isFinite(w) || w <= 0)) {
    throw new Error('Column widths must be positive numbers');
  }
  const total = weights.reduce((a, b) => a + b, 0);
  const usable = paperWidth - COLUMN_GAP * (weights.length - 1);
  const boxes: { left: number; width: number }[] = [];
  let left = 0;
  weights.forEach((w, i) => {
    const isLast = i === weights.length - 1;
    const width = isLast ? paperWidth - left : Math.floor((usable * w) / total);
    boxes.push({ left, width });
    left += width + COLUMN_GAP;
  });
  return boxes;
}

/** Turns the document into absolute drawing operations and the total height, without allocating the page. */
function layout(ctx: SKRSContext2D, doc: PrintDocument, paperWidth: number): { ops: DrawOp[]; height: number } {
  const ops: DrawOp[] = [];
  let y = 0;
  const place = (line: PrintLine): void => {
    switch (line.kind) {
      case undefined:
      case 'text': {
        const size = line.size ?? 'normal';
        const font = fontSpec(size, line.bold ?? false);
        const m = lineMetrics(ctx, size);
        ctx.font = font;
        for (const row of wrapText(ctx, line.text, paperWidth)) {
          const x = alignedX(ctx, row, line.align ?? 'left', 0, paperWidth);
          if (row !== '') ops.push({ kind: 'text', text: row, font, x, baseline: y + m.ascent });
          y += m.height;
        }
        return;
      }
      case 'columns': {
        if (line.cells.length === 0) return;
        const size = line.size ?? 'normal';
        const m = lineMetrics(ctx, size);
        const boxes = columnBoxes(line, paperWidth);
        let rows = 1;
        line.cells.forEach((cell, i) => {
          const font = fontSpec(size, cell.bold ?? false);
          const box = boxes[i];
          ctx.font = font;
          const wrapped = wrapText(ctx, cell.text, box.width);
          rows = Math.max(rows, wrapped.length);
          wrapped.forEach((row, r) => {
            const x = alignedX(ctx, row, cell.align ?? 'left', box.left, box.width);
            if (row !== '') ops.push({ kind: 'text', text: row, font, x, baseline: y + r * m.height + m.ascent });
          });
        });
        y += rows * m.height;
        return;
      }
      case 'rule': {
        const top = y + Math.floor((RULE_BLOCK - RULE_THICKNESS) / 2);
        if (line.style === 'dashed') {
          for (let x = 0; x < paperWidth; x += 12) {
            ops.push({ kind: 'rect', x, y: top, w: Math.min(8, paperWidth - x), h: RULE_THICKNESS });
          }
        } else {
          ops.push({ kind: 'rect', x: 0, y: top, w: paperWidth, h: RULE_THICKNESS });
        }
        y += RULE_BLOCK;
        return;
      }
      case 'feed': {
        const count = Number.isFinite(line.lines) ? Math.max(0, Math.floor(line.lines)) : 0;
        y += count * lineMetrics(ctx, 'normal').height;
        return;
      }
      case 'qr': {
        // The library computes the symbol (version, error correction M, mask); each dark module becomes a square of
        // dots, runs of a row merged into one rectangle.
        const { modules } = QRCode.create(line.data, { errorCorrectionLevel: 'M' });
        const n = modules.size;
        const fit = Math.floor((paperWidth * QR_PAPER_SHARE) / (n + 2 * QR_QUIET_MODULES));
        const dot = Math.max(1, Math.min(line.module && line.module > 0 ? Math.floor(line.module) : fit, fit));
        const left = Math.floor((paperWidth - n * dot) / 2);
        const top = y + QR_QUIET_MODULES * dot;
        for (let r = 0; r < n; r++) {
          for (let c = 0; c < n;) {
            if (!modules.get(r, c)) {
              c++;
              continue;
            }
            let end = c;
            while (end < n && modules.get(r, end)) end++;
            ops.push({ kind: 'rect', x: left + c * dot, y: top + r * dot, w: (end - c) * dot, h: dot });
            c = end;
          }
        }
        y += (n + 2 * QR_QUIET_MODULES) * dot;
        return;
      }
    }
  };
  for (const line of doc.lines) {
    place(line);
    if (y > MAX_BITMAP_HEIGHT) throw new Error(`Print document is taller than ${MAX_BITMAP_HEIGHT} dots`);
  }
  return { ops, height: y };
}

/** Renders the document to a 1-bit bitmap of the printer's dot width (576 for 80 mm paper). */
export function renderDocument(doc: PrintDocument, options: RenderOptions = {}): MonoBitmap {
  const width = options.width ?? PAPER_WIDTH_80MM;
  if (!Number.isInteger(width) || width <= 0 || width % 8 !== 0) {
    throw new Error('Paper width must be a positive multiple of 8 dots');
  }
  ensureFonts();
  const measure = createCanvas(1, 1).getContext('2d');
  const { ops, height } = layout(measure, doc, width);
  const bits = new Uint8Array((width / 8) * height);
  if (height === 0) return { width, height, bits };

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  for (const op of ops) {
    if (op.kind === 'rect') {
      ctx.fillRect(op.x, op.y, op.w, op.h);
    } else {
      ctx.font = op.font;
      ctx.fillText(op.text, op.x, op.baseline);
    }
  }

  const rgba = ctx.getImageData(0, 0, width, height).data;
  const rowBytes = width / 8;
  for (let yy = 0; yy < height; yy++) {
    for (let xx = 0; xx < width; xx++) {
      // Black ink on white: the red channel alone is the grey level.
      if (rgba[(yy * width + xx) * 4] < BLACK_THRESHOLD) {
        bits[yy * rowBytes + (xx >> 3)] |= 0x80 >> (xx & 7);
      }
    }
  }
  return { width, height, bits };
}

/** Encodes a bitmap as PNG to look at what the printer would print. */
export async function bitmapToPng(bitmap: MonoBitmap): Promise<Buffer> {
  const { width, height, bits } = bitmap;
  // PNG cannot be zero pixels tall; an empty print shows as one white row.
  const canvas = createCanvas(width, Math.max(1, height));
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(width, Math.max(1, height));
  const rowBytes = width / 8;
  for (let y = 0; y < Math.max(1, height); y++) {
    for (let x = 0; x < width; x++) {
      const black = y < height && (bits[y * rowBytes + (x >> 3)] & (0x80 >> (x & 7))) !== 0;
      const i = (y * width + x) * 4;
      const level = black ? 0 : 255;
      image.data[i] = level;
      image.data[i + 1] = level;
      image.data[i + 2] = level;
      image.data[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  return canvas.encode('png');
}

export async function writeBitmapPng(bitmap: MonoBitmap, filePath: string): Promise<void> {
  await writeFile(filePath, await bitmapToPng(bitmap));
}
