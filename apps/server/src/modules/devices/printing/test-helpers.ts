import type { MonoBitmap } from './render.js';

// Shared by the printing tests: read a 1-bit bitmap the way a person would look at paper.

export function isBlack(bitmap: MonoBitmap, x: number, y: number): boolean {
  return (bitmap.bits[y * (bitmap.width / 8) + (x >> 3)] & (0x80 >> (x & 7))) !== 0;
}

export function countBlack(bitmap: MonoBitmap): number {
  let n = 0;
  for (const byte of bitmap.bits) {
    for (let v = byte; v !== 0; v &= v - 1) n++;
  }
  return n;
}

/** Leftmost and rightmost columns holding any ink, or null for a blank bitmap. */
export function inkSpan(bitmap: MonoBitmap): { left: number; right: number } | null {
  let left = Infinity;
  let right = -1;
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (isBlack(bitmap, x, y)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return right < 0 ? null : { left, right };
}
