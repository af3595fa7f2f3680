import type { MonoBitmap } from './render.js';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

export type DecodedPrintJob = {
  /** Raster images in print order; adjacent GS v 0 bands of the same width are joined into one. */
  images: MonoBitmap[];
  /** Row count of each GS v 0 block as sent, to check banding. */
  bandRows: number[];
  /** True when the stream ends with (or contains) a paper cut. */
  cut: boolean;
  cutMode: 'full' | 'partial' | null;
  /** Count of ESC @ resets seen. */
  inits: number;
  /** Lines fed by ESC d and LF. */
  feedLines: number;
};

/** Reads back the ESC/POS subset this library writes; anything else throws, so a test sees stray bytes. */
export function decodeEscPos(stream: Uint8Array): DecodedPrintJob {
  const result: DecodedPrintJob = { images: [], bandRows: [], cut: false, cutMode: null, inits: 0, feedLines: 0 };
  let pending: { width: number; rows: number; chunks: Uint8Array[] } | null = null;
  const flush = (): void => {
    if (!pending) return;
    const bits = new Uint8Array(pending.chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of pending.chunks) {
      bits.set(chunk, at);
      at += chunk.length;
    }
    result.images.push({ width: pending.width, height: pending.rows, bits });
    pending = null;
  };
  const need = (at: number, count: number, what: string): void => {
    if (at + count > stream.length) throw new Error(`Truncated ${what} at byte ${at}`);
  };

  let i = 0;
  while (i < stream.length) {
    const b = stream[i];
    if (b === ESC) {
      need(i, 2, 'ESC command');
      const cmd = stream[i + 1];
      if (cmd === 0x40) {
        flush();
        result.inits += 1;
        i += 2;
      } else if (cmd === 0x64) {
        need(i, 3, 'ESC d');
        flush();
        result.feedLines += stream[i + 2];
        i += 3;
      } else {
        throw new Error(`Unsupported ESC 0x${cmd.toString(16)} at byte ${i}`);
      }
    } else if (b === GS) {
      need(i, 2, 'GS command');
      const cmd = stream[i + 1];
      if (cmd === 0x76) {
        need(i, 8, 'GS v 0 header');
        if (stream[i + 2] !== 0x30) throw new Error(`Unsupported GS v 0x${stream[i + 2].toString(16)} at byte ${i}`);
        const mode = stream[i + 3];
        if (mode !== 0x00 && mode !== 0x30) throw new Error(`Unsupported raster density mode ${mode} at byte ${i}`);
        const rowBytes = stream[i + 4] | (stream[i + 5] << 8);
        const rows = stream[i + 6] | (stream[i + 7] << 8);
        const size = rowBytes * rows;
        need(i + 8, size, 'GS v 0 data');
        const width = rowBytes * 8;
        if (pending && pending.width !== width) flush();
        pending ??= { width, rows: 0, chunks: [] };
        pending.rows += rows;
        result.bandRows.push(rows);
        pending.chunks.push(stream.slice(i + 8, i + 8 + size));
        i += 8 + size;
      } else if (cmd === 0x56) {
        need(i, 3, 'GS V');
        flush();
        const m = stream[i + 2];
        result.cut = true;
        // m = 0/48 full, 1/49 partial; 65/66 feed first and carry one more byte.
        if (m === 0x00 || m === 0x30 || m === 0x41) result.cutMode = 'full';
        else if (m === 0x01 || m === 0x31 || m === 0x42) result.cutMode = 'partial';
        else throw new Error(`Unsupported GS V mode ${m} at byte ${i}`);
        if (m === 0x41 || m === 0x42) need(i, 4, 'GS V with feed');
        i += m === 0x41 || m === 0x42 ? 4 : 3;
      } else {
        throw new Error(`Unsupported GS 0x${cmd.toString(16)} at byte ${i}`);
      }
    } else if (b === LF) {
      flush();
      result.feedLines += 1;
      i += 1;
    } else {
      throw new Error(`Unexpected byte 0x${b.toString(16)} at byte ${i}`);
    }
  }
  flush();
  return result;
}
