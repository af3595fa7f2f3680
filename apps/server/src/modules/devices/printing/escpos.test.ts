import { describe, expect, it } from 'vitest';
import { decodeEscPos } from './decode-escpos.js';
import { columns, feed, rule, text, type PrintDocument } from './document.js';
import { buildPrintJob, RASTER_BAND_ROWS } from './escpos.js';
import { renderDocument } from './render.js';
import { testPageDocument } from './test-page.js';
import { countBlack } from './test-helpers.js';

const receipt: PrintDocument = {
  lines: [
    text('Cửa hàng Quận 1 – Hoá đơn bán lẻ', { align: 'center', bold: true, size: 'large' }),
    text('Khách hàng: Nguyễn Thị Ánh'),
    rule('dashed'),
    columns([
      { text: 'Nồi cơm điện cao tần', width: 5 },
      { text: '2', width: 1, align: 'right' },
      { text: '1.234.567 ₫', width: 3, align: 'right' },
    ]),
    rule(),
    feed(1),
    text('Cảm ơn quý khách!', { align: 'center' }),
  ],
};

describe('buildPrintJob', () => {
  it('resets the printer first and ends with a partial cut', async () => {
    const job = await buildPrintJob(receipt);
    expect([...job.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...job.subarray(-3)]).toEqual([0x1d, 0x56, 0x01]);
    const decoded = decodeEscPos(job);
    expect(decoded.inits).toBe(1);
    expect(decoded.cut).toBe(true);
    expect(decoded.cutMode).toBe('partial');
    expect(decoded.feedLines).toBeGreaterThan(0);
  });

  it('carries exactly the rendered bitmap', async () => {
    const decoded = decodeEscPos(await buildPrintJob(receipt));
    const direct = renderDocument(receipt);
    expect(decoded.images).toHaveLength(1);
    expect(decoded.images[0].width).toBe(576);
    expect(decoded.images[0].height).toBe(direct.height);
    expect(Buffer.from(decoded.images[0].bits).equals(Buffer.from(direct.bits))).toBe(true);
  });

  it('splits a long receipt into raster bands that join back into the same picture', async () => {
    const longReceipt: PrintDocument = {
      lines: Array.from({ length: 30 }, (_, i) =>
        columns([
          { text: `Sản phẩm số ${i + 1}`, width: 3 },
          { text: `${i + 1}.000 ₫`, width: 1, align: 'right' },
        ]),
      ),
    };
    const direct = renderDocument(longReceipt);
    expect(direct.height).toBeGreaterThan(RASTER_BAND_ROWS * 2);
    const decoded = decodeEscPos(await buildPrintJob(longReceipt));
    expect(decoded.bandRows.length).toBe(Math.ceil(direct.height / RASTER_BAND_ROWS));
    expect(Math.max(...decoded.bandRows)).toBeLessThanOrEqual(RASTER_BAND_ROWS);
    expect(decoded.images).toHaveLength(1);
    expect(Buffer.from(decoded.images[0].bits).equals(Buffer.from(direct.bits))).toBe(true);
  });

  it('leaves out the cut for printers without a cutter', async () => {
    const decoded = decodeEscPos(await buildPrintJob(receipt, { cut: false }));
    expect(decoded.cut).toBe(false);
    expect(decoded.images).toHaveLength(1);
  });

  it('prints an empty document as just a feed and a cut', async () => {
    const decoded = decodeEscPos(await buildPrintJob({ lines: [] }));
    expect(decoded.images).toHaveLength(0);
    expect(decoded.cut).toBe(true);
  });

  it('builds a test page that names the device', async () => {
    const info = {
      deviceName: 'Máy in quầy',
      deviceCode: 'PRN-01',
      locationCode: 'Q1-HCM',
      deviceType: 'PRINTER',
      ip: '192.168.1.50',
      port: 9100,
      printedAt: '05-03-2025 14:30:00',
    };
    const page = decodeEscPos(await buildPrintJob(testPageDocument(info))).images[0];
    const other = decodeEscPos(await buildPrintJob(testPageDocument({ ...info, deviceCode: 'PRN-02' }))).images[0];
    expect(countBlack(page)).toBeGreaterThan(5000);
    expect(Buffer.from(page.bits).equals(Buffer.from(other.bits))).toBe(false);
  });
});

describe('decodeEscPos', () => {
  it('rejects bytes this library never sends, so a garbled job cannot pass as a print', () => {
    expect(() => decodeEscPos(Buffer.from([0x1b, 0x40, 0x41]))).toThrow(/Unexpected byte/);
    expect(() => decodeEscPos(Buffer.from([0x1d, 0x76, 0x30, 0x00, 0x48, 0x00, 0x02, 0x00, 0xff]))).toThrow(
      /Truncated/,
    );
  });
});
