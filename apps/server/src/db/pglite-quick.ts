import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';

// PGlite's `query` runs a statement in six protocol rounds (parse; describe the statement, to serialise the parameters
// by the types PostgreSQL infers; bind; describe; execute; sync), each a call into the WASM module and a parse of its
// answer: about 250 µs of a one-row select by key, against 60 µs for a bind and execute of a statement parsed before
// (issue 22: the WASM protocol round was 57 % of the server's CPU per GET on PGlite). `quickPglite` gives drizzle a
// `query` that sends a statement in one round: its messages in one buffer, the parameters serialised by their
// JavaScript type as node-postgres serialises them on PostgreSQL (so both databases receive the same text), and a
// statement seen before bound by name (parsed once per database session, PostgreSQL's own prepared statement).
// PGlite's locks (one query at a time, a transaction exclusive), its notifications and its result parsing are used
// as they are.

const { serialize } = protocol;

/** Statements kept parsed by name: a service's hot statements are a few hundred; past this they are parsed anew. */
const NAMED_STATEMENTS = 2000;

type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

/** One statement's messages in one buffer. */
function messagesOf(text: string, values: unknown[], name: string | undefined, parseIt: boolean): Uint8Array {
  const parts: Uint8Array[] = [];
  if (parseIt) parts.push(serialize.parse({ text, name, types: [] }));
  parts.push(
    serialize.bind({
      statement: name,
      values: values.map((v) => (v == null ? null : (pgUtils.prepareValue(v) as string | Buffer))),
    }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  );
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PGlite's error of a failed statement, with the statement and its parameters as PGlite's own `query` adds them. */
function failed(e: unknown, text: string, params: unknown[]): unknown {
  if (e instanceof Error && 'code' in e) Object.assign(e, { query: text, params });
  return e;
}

/** Makes `client.query` (and every transaction's) one protocol round per statement (see above). */
export function quickPglite(client: PGlite): PGlite {
  const names = new Map<string, string>();
  let next = 0;
  // The statements parsed by name in this session; `seen` the texts asked once (a text is named on its second use,
  // so one-off statements, e.g. migrations, do not fill the session).
  const seen = new Set<string>();

  // PGlite merges a query's parsers into its own for every result ({...all types, ...the query's}: hundreds of
  // array types, 13 % of a GET's CPU); drizzle sends the same few parsers with every query. The merged map is kept
  // per parsers object (a prepared query's) and per their content (a query built anew), while PGlite's own stay.
  type Parsers = NonNullable<QueryOptions['parsers']>;
  let base = client.parsers;
  let byObject = new WeakMap<Parsers, Parsers>();
  let byContent = new Map<string, Parsers>();
  const parsersOf = (own: Parsers | undefined): Parsers => {
    if (client.parsers !== base) {
      base = client.parsers;
      byObject = new WeakMap();
      byContent = new Map();
    }
    if (!own) return base;
    let merged = byObject.get(own);
    if (merged) return merged;
    const key = Object.entries(own)
      .map(([oid, f]) => `${oid}:${String(f)}`)
      .join('|');
    merged = byContent.get(key);
    if (!merged) byContent.set(key, (merged = { ...base, ...own }));
    byObject.set(own, merged);
    return merged;
  };

  const run = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> =>
    client.runExclusive(async () => {
      let name = names.get(text);
      const parseIt = name === undefined;
      if (parseIt && seen.has(text) && names.size < NAMED_STATEMENTS) name = `fpq_${++next}`;
      else if (parseIt && seen.size < NAMED_STATEMENTS * 4) seen.add(text);
      let messages: Messages;
      try {
        messages = await client.execProtocolStream(messagesOf(text, params, name, parseIt), { syncToFs: false });
      } catch (e) {
        // A new name is not kept: the next use parses the text again under another (a statement that parsed before
        // its error stays in the session unused). A kept one that PostgreSQL no longer has, or whose plan no longer
        // fits the tables (26000, 0A000 "cached plan must not change result type"), is parsed anew next time.
        const code = (e as { code?: string }).code;
        if (!parseIt && (code === '26000' || code === '0A000')) names.delete(text);
        throw failed(e, text, params);
      }
      if (parseIt && name !== undefined) {
        names.set(text, name);
        seen.delete(text);
      }
      const parsers = parsersOf(options?.parsers);
      const rest = options?.parsers ? { ...options, parsers: undefined } : options;
      return parse.parseResults(messages, parsers as typeof client.parsers, rest)[0] as Results<T>;
    });

  const transaction = client.transaction.bind(client);
  const quick = client as PGlite & { _checkReady(): Promise<void> };
  Object.assign(client, {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      await quick._checkReady();
      const result = await client._runExclusiveTransaction(() => run<T>(text, params, options));
      await client.syncToFs();
      return result;
    },
    transaction: <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
      transaction((tx) =>
        fn(
          Object.create(tx, {
            query: {
              value: async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
                if (tx.closed) throw new Error('Transaction is closed');
                return run<R>(text, params, options);
              },
            },
          }) as Transaction,
        ),
      ),
  });
  return client;
}
