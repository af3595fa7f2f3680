import { createConnection, isIP } from 'node:net';

export type PrinterTarget = { ip: string; port: number };

export type SendOptions = {
  /** Give up when the TCP handshake has not finished by then. */
  connectTimeoutMs?: number;
  /** Give up when the printer stops taking data for this long (paper out, jammed, powered off mid-job). */
  writeTimeoutMs?: number;
};

/** calls.md 8: "Printer connection errors return the value not connected". */
export const NOT_CONNECTED = 'not connected';
export const PRINTED = 'printed';
export type SendResult = typeof PRINTED | typeof NOT_CONNECTED;

export const DEFAULT_CONNECT_TIMEOUT_MS = 3000;
export const DEFAULT_WRITE_TIMEOUT_MS = 15000;

/**
 * Sends raw bytes to a network printer (raw TCP, JetDirect port 9100 style).
 * Resolves 'printed' once every byte is handed to the network; never rejects for network failures.
 * The ip must be a literal address: hostnames answer 'not connected' without any DNS lookup.
 */
export function sendToPrinter(target: PrinterTarget, bytes: Buffer, opts: SendOptions = {}): Promise<SendResult> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const writeTimeoutMs = opts.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  const { ip, port } = target;
  if (isIP(ip) === 0 || !Number.isInteger(port) || port < 1 || port > 65535) {
    return Promise.resolve(NOT_CONNECTED);
  }

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      resolve(result);
    };

    const socket = createConnection({ host: ip, port });
    const connectTimer = setTimeout(() => {
      socket.destroy();
      finish(NOT_CONNECTED);
    }, connectTimeoutMs);

    // Errors after 'printed' (the printer resetting once it has the data) must not surface as unhandled.
    socket.on('error', () => finish(NOT_CONNECTED));
    socket.on('close', () => finish(NOT_CONNECTED));
    socket.on('timeout', () => socket.destroy());

    socket.once('connect', () => {
      clearTimeout(connectTimer);
      socket.setTimeout(writeTimeoutMs);
      socket.end(bytes, () => {
        finish(PRINTED);
      });
    });
  });
}
