// The camera reader of /tablet/scanQR: ZXing (@zxing/browser over @zxing/library) reads QR codes and the 1D/2D
// barcodes of BrowserMultiFormatReader from the video. The library is imported here only when the camera starts, so
// it is a chunk of its own that only this route downloads.

export type CameraProblem = 'unsupported' | 'denied' | 'noCamera' | 'failed';

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(problem);
  }
}

export type ScannerControls = { stop: () => void };

/** Why the camera could not start, from the getUserMedia error's name. */
export function problemOf(e: unknown): CameraProblem {
  if (e instanceof CameraError) return e.problem;
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera';
  return 'failed';
}

/** Starts the back camera into `video` and calls `onCode` with the text of every code it reads. */
export async function startCamera(video: HTMLVideoElement, onCode: (text: string) => void): Promise<ScannerControls> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new CameraError('unsupported');
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader(undefined, { delayBetweenScanAttempts: 150 });
  return reader.decodeFromConstraints({ video: { facingMode: 'environment' }, audio: false }, video, (result) => {
    const text = result?.getText().trim();
    if (text) onCode(text);
  });
}
