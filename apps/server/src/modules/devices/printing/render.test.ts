import { describe, expect, it } from 'vitest';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { columns, rule, text, type PrintDocument } from './document.js';
import { bitmapToPng, PAPER_WIDTH_58MM, PAPER_WIDTH_80MM, renderDocument } from './render.js';
import { countBlack, inkSpan } from './test-helpers.js';

const one = (value: string): PrintDocument => ({ lines: [text(value)] });
const bitsOf = (doc: PrintDocument): Buffer => Buffer.from(renderDocument(doc).bits);

describe('renderDocument', () => {
  it('renders a Vietnamese receipt 576 dots wide with ink on it', () => {
    const bitmap = renderDocument({
      lines: [text('Cửa hàng Quận 1 – Hoá đơn bán lẻ: Nguyễn Thị Ánh, 1.234.567 ₫', { bold: true })],
    });
    expect(bitmap.width).toBe(PAPER_WIDTH_80MM);
    expect(bitmap.height).toBeGreaterThan(0);
    expect(bitmap.bits.length).toBe((576 / 8) * bitmap.height);
    expect(countBlack(bitmap)).toBeGreaterThan(1000);
  });

  it('keeps diacritics: ệ differs from e, ê and ẹ', () => {
    const e = bitsOf(one('e'));
    const withCircumflex = bitsOf(one('ê'));
    const withDotBelow = bitsOf(one('ẹ'));
    const stacked = bitsOf(one('ệ'));
    expect(stacked.equals(e)).toBe(false);
    expect(stacked.equals(withCircumflex)).toBe(false);
    expect(stacked.equals(withDotBelow)).toBe(false);
    expect(countBlack(renderDocument(one('ệ')))).toBeGreaterThan(countBlack(renderDocument(one('ê'))));
  });

  it('draws every Vietnamese letter and ₫ with a real glyph, not the missing-glyph box', () => {
    const missing = bitsOf(one('\uE000'));
    const letters = 'áàảãạăắằẳẵặâấầẩẫậđéèẻẽẹêếềểễệíìỉĩịóòỏõọôốồổỗộơớờởỡợúùủũụưứừửữựýỳỷỹỵ';
    for (const lower of [...letters, '₫']) {
      for (const letter of new Set([lower, lower.toUpperCase()])) {
        const drawn = bitsOf(one(letter));
        expect(drawn.equals(missing), `${letter} is missing from the font`).toBe(false);
        const base = letter.normalize('NFD')[0];
        if (base !== letter) expect(drawn.equals(bitsOf(one(base))), `${letter} lost its marks`).toBe(false);
      }
    }
  });

  it('prints text typed with combining marks (NFD) exactly like precomposed text', () => {
    const name = 'Nguyễn Thị Ánh – Hoá đơn';
    expect(bitsOf(one(name.normalize('NFD'))).equals(bitsOf(one(name.normalize('NFC'))))).toBe(true);
    expect(bitsOf(one(name)).equals(bitsOf(one('Nguyen Thi Anh – Hoa don')))).toBe(false);
  });

  it('prints bold and large text differently from normal text', () => {
    const normal = renderDocument(one('Tổng cộng'));
    const bold = renderDocument({ lines: [text('Tổng cộng', { bold: true })] });
    const large = renderDocument({ lines: [text('Tổng cộng', { size: 'large' })] });
    expect(countBlack(bold)).toBeGreaterThan(countBlack(normal));
    expect(large.height).toBeGreaterThan(normal.height);
  });

  it('aligns text left, centre and right on the paper', () => {
    const left = inkSpan(renderDocument({ lines: [text('Cảm ơn', { align: 'left' })] }));
    const right = inkSpan(renderDocument({ lines: [text('Cảm ơn', { align: 'right' })] }));
    const centre = inkSpan(renderDocument({ lines: [text('Cảm ơn', { align: 'center' })] }));
    expect(left && left.left).toBeLessThanOrEqual(3);
    expect(right && 575 - right.right).toBeLessThanOrEqual(3);
    expect(centre).not.toBeNull();
    if (centre) expect(Math.abs(centre.left - (575 - centre.right))).toBeLessThanOrEqual(4);
  });

  it('wraps a long line instead of cutting it off', () => {
    const short = renderDocument(one('Nồi cơm điện'));
    const long = renderDocument(one('Nồi cơm điện cao tần 1,8 lít '.repeat(6)));
    expect(long.height).toBeGreaterThanOrEqual(short.height * 4);
    const unbroken = renderDocument(one('X'.repeat(200)));
    expect(unbroken.height).toBeGreaterThan(short.height);
  });

  it('keeps a wrapped item name inside its column, clear of the amount column', () => {
    const longName = 'Nồi cơm điện cao tần 1,8 lít – màu xám bạc phiên bản giới hạn';
    const nameOnly = renderDocument({
      lines: [
        columns([
          { text: longName, width: 5 },
          { text: '', width: 3, align: 'right' },
        ]),
      ],
    });
    const amountOnly = renderDocument({
      lines: [
        columns([
          { text: '', width: 5 },
          { text: '1.234.567 ₫', width: 3, align: 'right' },
        ]),
      ],
    });
    const both = renderDocument({
      lines: [
        columns([
          { text: longName, width: 5 },
          { text: '1.234.567 ₫', width: 3, align: 'right' },
        ]),
      ],
    });
    const nameInk = inkSpan(nameOnly);
    const amountInk = inkSpan(amountOnly);
    expect(nameInk && amountInk && nameInk.right < amountInk.left).toBe(true);
    expect(amountInk && 575 - amountInk.right).toBeLessThanOrEqual(3);
    expect(both.height).toBe(nameOnly.height);
    expect(both.height).toBeGreaterThan(amountOnly.height);
    const merged = Buffer.from(nameOnly.bits.map((b, i) => b | amountOnly.bits[i]));
    expect(merged.equals(Buffer.from(both.bits))).toBe(true);
  });

  it('draws a rule across the whole width', () => {
    const span = inkSpan(renderDocument({ lines: [rule()] }));
    expect(span).toEqual({ left: 0, right: 575 });
  });

  it('renders 58 mm paper at 384 dots and refuses widths that are not whole bytes', () => {
    expect(renderDocument(one('Xin chào'), { width: PAPER_WIDTH_58MM }).width).toBe(384);
    expect(() => renderDocument(one('Xin chào'), { width: 570 })).toThrow(/multiple of 8/);
  });

  it('writes a PNG that shows the same dots', async () => {
    const bitmap = renderDocument(one('Hoá đơn bán lẻ 1.234.567 ₫'));
    const image = await loadImage(await bitmapToPng(bitmap));
    expect(image.width).toBe(bitmap.width);
    expect(image.height).toBe(bitmap.height);
    const ctx = createCanvas(image.width, image.height).getContext('2d');
    ctx.drawImage(image, 0, 0);
    const rgba = ctx.getImageData(0, 0, image.width, image.height).data;
    let dark = 0;
    for (let i = 0; i < rgba.length; i += 4) if (rgba[i] < 128) dark++;
    expect(dark).toBe(countBlack(bitmap));
  });
});
