import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Real server processes (`src/main.ts` under tsx, as `npm start` runs it) on one PostgreSQL database, as several
 * processes behind a load balancer run (README "Several processes"). Each listens on its own loopback port; `pick`
 * chooses the process a request goes to, round robin, so consecutive requests of one user (a create, then its
 * release) land on different processes.
 */
export type ServerProcesses = {
  urls: string[];
  /** The base URL of the next request (round robin over the processes). */
  pick: () => string;
  /** What each process printed (stdout and stderr), for a failing test's message. */
  output: () => string[];
  stop: () => Promise<void>;
};

const mainTs = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `n` processes at once on `databaseUrl` (already migrated or not: they agree, db/client.ts `exclusive`). */
export async function startServerProcesses(
  n: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcesses> {
  const children: ChildProcess[] = [];
  const logs: string[] = [];
  const urls: string[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const port = await freePort();
        // Each process names its connections (pg_stat_activity, and the two-process test's record of job claims).
        const url = new URL(databaseUrl);
        url.searchParams.set('application_name', `fp-process-${i}`);
        const child = spawn(process.execPath, [tsx, mainTs], {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            SEED_DEMO: 'false',
            DATABASE_URL: url.toString(),
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: `/tmp/fp-test-proc-${randomBytes(4).toString('hex')}`,
            JOB_POLL_MS: '200',
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        logs[i] = '';
        const keep = (chunk: Buffer) => {
          // The last 20 000 characters are enough to say why a process failed.
          logs[i] = (logs[i] + chunk.toString()).slice(-20_000);
        };
        child.stdout!.on('data', keep);
        child.stderr!.on('data', keep);
        // Ready when it says it listens (main.ts prints the line after app.listen).
        await new Promise<void>((resolve, reject) => {
          const onData = () => {
            if (logs[i].includes(`Franchise Portal on http://localhost:${port}`)) {
              child.stdout!.off('data', onData);
              resolve();
            }
          };
          child.stdout!.on('data', onData);
          child.once('exit', (code) => reject(new Error(`server process ${i} exited (${code}):\n${logs[i]}`)));
        });
        urls[i] = `http://127.0.0.1:${port}`;
      }),
    );
  } catch (e) {
    await stop();
    throw e;
  }
  let next = 0;
  return {
    urls,
    pick: () => urls[next++ % urls.length],
    output: () => [...logs],
    stop,
  };
}
