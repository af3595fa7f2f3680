import { createServer, type Server, type Socket } from 'node:net';

type Waiter = { resolve: (job: Buffer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/**
 * Test double for a raw-TCP receipt printer on 127.0.0.1: every connection is one job,
 * recorded with all its bytes once the sender closes it.
 */
export class RecordingPrinter {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly recorded: Buffer[] = [];
  private readonly waiters: Waiter[] = [];
  // waitForJob hands out jobs in order, so two prints in a row can each be awaited.
  private nextToHandOut = 0;
  private boundPort = 0;

  get port(): number {
    if (!this.server) throw new Error('RecordingPrinter is not started');
    return this.boundPort;
  }

  get ip(): string {
    return '127.0.0.1';
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: 0 }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('RecordingPrinter has no TCP port');
    this.boundPort = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('RecordingPrinter stopped before a job arrived'));
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Every job received so far, oldest first. */
  jobs(): Buffer[] {
    return [...this.recorded];
  }

  /** The next job not yet returned by waitForJob, waiting for it to arrive if needed. */
  waitForJob(timeoutMs = 5000): Promise<Buffer> {
    if (this.nextToHandOut < this.recorded.length) {
      return Promise.resolve(this.recorded[this.nextToHandOut++]);
    }
    return new Promise<Buffer>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new Error(`No print job arrived within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.record(Buffer.concat(chunks));
    });
  }

  private record(job: Buffer): void {
    this.recorded.push(job);
    const waiter = this.waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      this.nextToHandOut++;
      waiter.resolve(job);
    }
  }
}
