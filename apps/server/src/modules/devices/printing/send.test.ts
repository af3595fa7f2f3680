import { createConnection, createServer, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeEscPos } from './decode-escpos.js';
import { columns, rule, text, type PrintDocument } from './document.js';
import { buildPrintJob } from './escpos.js';
import { RecordingPrinter } from './recording-printer.js';
import { renderDocument } from './render.js';
import { sendToPrinter } from './send.js';
import { countBlack } from './test-helpers.js';

// Every address in this file is on loopback: tests never reach out to a real network.

const receipt: PrintDocument = {
  lines: [
    text('Cửa hàng Quận 1 – Hoá đơn bán lẻ', { align: 'center', bold: true }),
    text('Nguyễn Thị Ánh'),
    rule(),
    columns([
      { text: 'Tổng cộng', width: 1, bold: true },
      { text: '1.234.567 ₫', width: 1, align: 'right', bold: true },
    ]),
  ],
};

/** A loopback port with nothing listening: bind, note the port, close. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A loopback listener that never answers new connections: its thread blocks before accepting anything,
 * so once the kernel's accept queue is full further SYNs are dropped, as with a printer that is switched off.
 */
async function silentListener(): Promise<{ port: number; fillers: Socket[]; close: () => Promise<void> }> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const server = require('node:net').createServer();
     server.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
       parentPort.postMessage(server.address().port);
       Atomics.wait(workerData, 0, 0);
       server.close();
     });`,
    { eval: true, workerData: gate },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const fillers: Socket[] = [];
  const close = async (): Promise<void> => {
    for (const socket of fillers) socket.destroy();
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    await worker.terminate();
  };
  // Fill the accept queue until a connection attempt hangs.
  for (let i = 0; i < 16; i++) {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    fillers.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 300);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!connected) return { port, fillers, close };
  }
  await close();
  throw new Error('The loopback listener kept accepting connections; cannot simulate a silent printer');
}

describe('sendToPrinter', () => {
  let printer: RecordingPrinter;

  beforeEach(async () => {
    printer = new RecordingPrinter();
    await printer.start();
  });

  afterEach(async () => {
    await printer.stop();
  });

  it('prints a Vietnamese receipt that comes out on paper exactly as rendered', async () => {
    const bytes = await buildPrintJob(receipt);
    const result = await sendToPrinter({ ip: '127.0.0.1', port: printer.port }, bytes);
    expect(result).toBe('printed');

    const job = await printer.waitForJob();
    expect(job.equals(bytes)).toBe(true);
    const paper = decodeEscPos(job);
    const direct = renderDocument(receipt);
    expect(paper.images).toHaveLength(1);
    expect(paper.images[0].width).toBe(576);
    expect(paper.images[0].height).toBe(direct.height);
    expect(countBlack(paper.images[0])).toBeGreaterThan(1000);
    expect(Buffer.from(paper.images[0].bits).equals(Buffer.from(direct.bits))).toBe(true);
    expect(paper.cut).toBe(true);
  });

  it('prints two jobs in a row as two separate receipts, in order', async () => {
    const first = await buildPrintJob({ lines: [text('Phiếu thu số 1')] });
    const second = await buildPrintJob({ lines: [text('Phiếu thu số 2')] });
    expect(await sendToPrinter({ ip: '127.0.0.1', port: printer.port }, first)).toBe('printed');
    expect(await sendToPrinter({ ip: '127.0.0.1', port: printer.port }, second)).toBe('printed');
    expect((await printer.waitForJob()).equals(first)).toBe(true);
    expect((await printer.waitForJob()).equals(second)).toBe(true);
    expect(printer.jobs()).toHaveLength(2);
  });

  it("answers 'not connected' when nothing listens on the port", async () => {
    const port = await closedPort();
    await expect(sendToPrinter({ ip: '127.0.0.1', port }, Buffer.from([0x1b, 0x40]))).resolves.toBe('not connected');
  });

  it("answers 'not connected' when the printer never answers, once the connect timeout passes", async () => {
    const silent = await silentListener();
    try {
      await expect(
        sendToPrinter({ ip: '127.0.0.1', port: silent.port }, Buffer.from([0x1b, 0x40]), { connectTimeoutMs: 200 }),
      ).resolves.toBe('not connected');
    } finally {
      await silent.close();
    }
  });

  it("answers 'not connected' for a host name instead of looking it up", async () => {
    const bytes = await buildPrintJob(receipt);
    expect(await sendToPrinter({ ip: 'localhost', port: printer.port }, bytes)).toBe('not connected');
    expect(await sendToPrinter({ ip: '127.0.0.1', port: 0 }, bytes)).toBe('not connected');
    // A real job afterwards proves the printer was listening and got nothing from the refused sends.
    expect(await sendToPrinter({ ip: '127.0.0.1', port: printer.port }, bytes)).toBe('printed');
    await printer.waitForJob();
    expect(printer.jobs()).toHaveLength(1);
  });
});
