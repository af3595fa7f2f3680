import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import QRCode from 'qrcode';

// A printed code in front of Chromium's fake camera: the QR code of a text drawn grey-on-white into a YUV4MPEG2 file
// (the format --use-file-for-fake-video-capture plays in a loop). 4:2:0, full-range luma, neutral chroma.

/** The luma plane (one byte per pixel, 0 black … 255 white) of a QR code centred on a white frame. */
export function qrLuma(text: string, width: number, height: number): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (n + 2 * quiet) / 1.2);
  const size = n * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const y = Buffer.alloc(width * height, 255);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + r * scale + dy) * width + left + c * scale;
        y.fill(24, row, row + scale); // printed ink is dark grey, not pure black
      }
    }
  return y;
}

/** A .y4m of `frames` identical frames of a luma plane (chroma 128: grey). */
export function y4m(luma: Buffer, width: number, height: number, frames = 10): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const chroma = Buffer.alloc(2 * (width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** Writes the camera file of a QR code of `text` and answers its path. */
export function writeQrCamera(text: string, path: string, width = 640, height = 480): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, y4m(qrLuma(text, width, height), width, height));
  return path;
}

/** Chromium's flags for a fake camera playing `file`, the permission prompt answered yes. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
