import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { logText } from '../../http/input.js';
import { apiLogs } from './schema.js';

export type ApiLogRow = typeof apiLogs.$inferInsert;

/**
 * The api log, written in batches: a row is buffered and the buffer is inserted every `flushMs` or once it holds
 * `maxRows`, and on `app.close()`, so a clean shutdown loses nothing. A batch the database refuses is retried row by
 * row, so one bad row loses only itself.
 */
export class ApiLogWriter {
  private buffer: ApiLogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly opts: { flushMs: number; maxRows: number } = { flushMs: 200, maxRows: 100 },
  ) {}

  add(row: ApiLogRow) {
    this.buffer.push(row);
    if (this.buffer.length >= this.opts.maxRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.opts.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered; resolves once every row added before the call is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length) this.writing = this.writing.then(() => this.write(rows));
    return this.writing;
  }

  private async write(rows: ApiLogRow[]) {
    try {
      await this.db.execute(insertRows(rows));
    } catch (err) {
      if (rows.length === 1) {
        this.log.warn({ err }, 'api log write failed');
        return;
      }
      for (const row of rows) await this.write([row]);
    }
  }
}

/**
 * One statement of the same text for any number of rows: the columns go as arrays through `unnest`, so neither the
 * statement nor its parameter list grows with the batch (building a 100-row VALUES list cost more CPU than the
 * requests it logged).
 */
function insertRows(rows: ApiLogRow[]) {
  // sql.param: one parameter holding the array (a bare array would become a list of parameters).
  const col = <K extends keyof ApiLogRow>(k: K) => sql.param(rows.map((r) => r[k] ?? null));
  return sql`insert into ${apiLogs} (created_at, user_id, username, method, operation, path, status, duration_ms, error)
    select * from unnest(${col('created_at')}::timestamptz[], ${col('user_id')}::int[], ${col('username')}::text[],
      ${col('method')}::text[], ${col('operation')}::text[], ${col('path')}::text[], ${col('status')}::int[],
      ${col('duration_ms')}::real[], ${col('error')}::text[])`;
}

const errorTextOf = (req: object) => {
  const text = (req as { errorText?: string }).errorText;
  return text === undefined ? null : logText(text);
};

/** Every API call goes to the api log (user, operation, status, duration, first error message). */
export function registerApiLog(app: FastifyInstance, writer: ApiLogWriter) {
  // Callback hooks, not async ones: their work is synchronous, so they cost no promise per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') && reply.statusCode >= 400 && typeof payload === 'string') {
      (req as unknown as { errorText?: string }).errorText = firstErrorMsg(payload);
    }
    done(null, payload);
  });
  // Reading the log sees every call made before, in this process.
  app.addHook('preHandler', (req, _reply, done) => {
    if (!req.url.startsWith('/api/api-logs/')) return done();
    writer.flush().then(() => done(), done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return done();
    writer.add({
      created_at: new Date(Date.now() - reply.elapsedTime).toISOString(),
      user_id: req.auth?.userId ?? null,
      username: req.auth ? logText(req.auth.username) : null,
      method: req.method,
      operation: logText(`${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`, 500),
      path: logText(req.url, 500),
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 100) / 100,
      error: errorTextOf(req),
    });
    done();
  });
  app.addHook('onClose', async () => {
    await writer.flush();
  });
}

function firstErrorMsg(payload: string): string | undefined {
  try {
    const body = JSON.parse(payload) as { errors?: { msg?: string }[] };
    return body.errors?.[0]?.msg?.slice(0, 1000);
  } catch {
    return undefined;
  }
}
