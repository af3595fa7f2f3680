import fc from 'fast-check';

/**
 * Generated requests for every operation of the OpenAPI document (issue 7: zero 5xx for any input).
 * Valid-looking requests come from the operation's own schemas; mutated ones break them in the ways
 * clients and attackers do: wrong types, missing and extra fields, hostile strings, out-of-range numbers,
 * impossible dates, bad filters, bad path parameters, non-object and broken bodies.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

type Param = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };

export type Operation = {
  method: string;
  /** OpenAPI path with {params}. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body?: JsonSchema;
  /** A 2xx answer is declared as the envelope (raw routes: files, the plain login string, are not). */
  envelopeOnSuccess: boolean;
  /** Field names of a list's items (the candidates for filters and sort_order). */
  listFields: string[];
  isPublic: boolean;
};

export type Who = 'admin' | 'store' | 'anon';

export type GenRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  who: Who;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
        security?: unknown[];
      }
    >
  >;
};

export function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = op.parameters ?? [];
      const ok = Object.entries(op.responses ?? {}).find(([s]) => s.startsWith('2'));
      const okSchema = ok?.[1].content?.['application/json']?.schema;
      const itemProps = okSchema?.properties?.data?.properties?.items?.items?.properties;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
        envelopeOnSuccess: Boolean(okSchema?.properties?.result && okSchema.properties.errors),
        listFields: itemProps ? Object.keys(itemProps) : [],
        isPublic: !op.security,
      });
    }
  }
  return ops.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

// ---------------------------------------------------------------- hostile values

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

export const hostileStrings: string[] = [
  '\u0000',
  'a\u0000b',
  LONE_HIGH,
  `x${LONE_LOW}y`,
  '%',
  '_',
  '\\',
  'abc\\',
  '%_\\',
  '50%_off\\',
  "'; drop table users; --",
  '../../etc/passwd',
  '%ZZ',
  '2024-02-30',
  '0000-01-01',
  '30-02-2024',
  '2024-13-01',
  '2024-1-1',
  '2024-02-30T25:61:00Z',
  '1 Jan 2024',
  'now',
  '99999-12-31',
  '+275760-09-13',
  '2147483648',
  '9223372036854775808',
  '-9223372036854775809',
  '1e309',
  '1.5',
  '-1',
  'NaN',
  ' ',
  '',
  'null',
  '<script>alert(1)</script>',
  'Nước mắm ₫ 😀',
  'a'.repeat(70_000),
];

export const hostileNumbers: number[] = [
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  Number('9223372036854775807'),
  -Number('9223372036854775808'),
  1e308,
  -1e308,
  1.5,
  -0.5,
  0,
  -1,
  1e-7,
  2147483647,
];

const hostileAny: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], ['a', 'b'], { a: 1 }, [null], '', [
      hostileStrings[0],
    ]),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on them). */
export function encodeAny(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(s.slice(i, i + 2));
        i++;
      } else {
        // The three UTF-8 bytes a lone surrogate would have (CESU-style): invalid UTF-8 on purpose.
        out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
      }
    } else out += encodeURIComponent(s[i]);
  }
  return out;
}

/** Raw path segments (already in URL form): some are invalid percent-encodings on purpose. */
const hostileSegments = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999',
  '1e3',
  '%00',
  '%ZZ',
  '%',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  'x%2Fy',
  '%5C',
  'abc%5C',
  '%25_',
  '%20',
  'null',
  'a'.repeat(150),
  'a'.repeat(5000),
];

// ---------------------------------------------------------------- valid-looking values

const plausibleStrings = [
  'A1',
  'CODE1',
  'HN001',
  'HCM001',
  'admin',
  'Nước mắm',
  'gao',
  '2025-05-01',
  '01-05-2025',
  '0901234567',
  'test@example.com',
  'Passw0rd1',
  '/salesOrders',
  'PCS',
  '1',
  '10',
];

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
}

function valid(s: JsonSchema, key: string, listFields: string[]): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valid(a, key, listFields)));
  if (s.allOf?.length) return valid(Object.assign({}, ...s.allOf) as JsonSchema, key, listFields);
  const types = typesOf(s);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  if (types.length > 1) return fc.oneof(...types.map((t) => valid({ ...s, type: t }, key, listFields)));
  switch (types[0]) {
    case 'string': {
      if (key === 'field' && listFields.length) return fc.constantFrom(...listFields);
      const max = Math.min(s.maxLength ?? 24, 24);
      const min = Math.min(s.minLength ?? 0, max);
      const fit = (v: string) => (v.length > max ? v.slice(0, max) : v.padEnd(min, 'x'));
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, s.maxLength ?? 200));
        } catch {
          /* a pattern JS cannot compile: fall through */
        }
      }
      return fc.oneof(fc.constantFrom(...plausibleStrings).map(fit), fc.string({ minLength: min, maxLength: max }));
    }
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const lo = Math.max(min, -1000);
      const hi = Math.min(s.maximum ?? lo + 1000, lo + 1000);
      return fc.integer({ min: lo, max: Math.max(lo, hi) });
    }
    case 'number': {
      const lo = Math.max(s.minimum ?? 0, -1e6);
      const hi = Math.min(s.maximum ?? lo + 1e6, lo + 1e6);
      return fc.integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(s.items ?? {}, key, listFields), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, 3),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = s.required ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = valid(v, k, listFields);
      return fc.record(record, { requiredKeys: required.filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

// ---------------------------------------------------------------- mutations of a JSON value

type Json = unknown;

/** Every node of a JSON value as a path (the root is []). */
function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

function setAt(
  v: Json,
  at: (string | number)[],
  fn: (node: Json, parent: Record<string | number, Json> | undefined, key: string | number | undefined) => Json,
): Json {
  const root = structuredClone(v) as Json;
  if (at.length === 0) return fn(root, undefined, undefined);
  let node = root as Record<string | number, Json>;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  const last = at[at.length - 1];
  const r = fn(node[last], node, last);
  if (r !== undefined) node[last] = r;
  return root;
}

const mutationKinds = ['replace', 'replace', 'replace', 'delete', 'extra', 'wrapArray', 'stringify'] as const;

function mutate(v: Json, kind: (typeof mutationKinds)[number], pick: number, hostile: Json, extraKey: string): Json {
  const all = paths(v);
  const at = all[pick % all.length];
  switch (kind) {
    case 'replace':
      return setAt(v, at, () => hostile);
    case 'delete': {
      if (at.length === 0) return undefined;
      return setAt(v, at, (_n, parent, key) => {
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else if (parent) delete parent[key!];
        return undefined;
      });
    }
    case 'extra':
      return setAt(v, at, (node) =>
        node && typeof node === 'object' && !Array.isArray(node) ? { ...node, [extraKey]: hostile } : [node, hostile],
      );
    case 'wrapArray':
      return setAt(v, at, (node) => [node]);
    case 'stringify':
      return setAt(v, at, (node) =>
        typeof node === 'number'
          ? `${node}.5`
          : typeof node === 'string'
            ? Number.parseFloat(node) || 2147483648
            : JSON.stringify(node),
      );
  }
}

// ---------------------------------------------------------------- requests

const whoArb: fc.Arbitrary<Who> = fc
  .integer({ min: 0, max: 9 })
  .map((n) => (n < 8 ? 'admin' : n === 8 ? 'store' : 'anon'));

function buildUrl(op: Operation, pathValues: Record<string, string>, query: [string, string][]): string {
  let url = op.path;
  for (const p of op.pathParams) url = url.replace(`{${p.name}}`, pathValues[p.name] ?? '1');
  if (query.length) url += `?${query.map(([k, v]) => `${k}=${v}`).join('&')}`;
  return url;
}

function scalarText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function validParts(op: Operation) {
  const path = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => [
        p.name,
        valid(p.schema ?? { type: 'string' }, p.name, []).map((v) => encodeAny(scalarText(v))),
      ]),
    ),
  );
  const query = fc
    .tuple(
      ...op.queryParams.map((p) =>
        (p.required
          ? valid(p.schema ?? {}, p.name, []).map((v) => [v])
          : fc.option(valid(p.schema ?? {}, p.name, []), { nil: undefined }).map((v) => (v === undefined ? [] : [v]))
        ).map((vs) => vs.map((v) => [p.name, encodeAny(scalarText(v))] as [string, string])),
      ),
    )
    .map((lists) => lists.flat());
  const body = op.body ? valid(op.body, '', op.listFields) : fc.constant(undefined);
  return { path, query, body };
}

function jsonRequest(
  op: Operation,
  who: Who,
  pathValues: Record<string, string>,
  query: [string, string][],
  body: unknown,
): GenRequest {
  const hasBody = body !== undefined && op.method !== 'GET' && op.method !== 'DELETE';
  return {
    method: op.method,
    url: buildUrl(op, pathValues, query),
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    ...(hasBody ? { payload: JSON.stringify(body) } : {}),
    who,
  };
}

/** Requests that follow the operation's schemas (values from small plausible ranges). */
export function validRequest(op: Operation): fc.Arbitrary<GenRequest> {
  const parts = validParts(op);
  return fc
    .tuple(whoArb, parts.path, parts.query, parts.body)
    .map(([who, p, q, b]) => jsonRequest(op, who, p, q, op.body ? (b ?? {}) : undefined));
}

const hostileFilter = (op: Operation) =>
  fc.record({
    field: fc.oneof(
      { weight: 4, arbitrary: op.listFields.length ? fc.constantFrom(...op.listFields) : fc.constant('id') },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('no_such_field', '', '\u0000', 1, null, 'password_hash') },
    ),
    value: fc.oneof(
      { weight: 4, arbitrary: hostileAny },
      {
        weight: 1,
        arbitrary: fc.array(fc.oneof(fc.constantFrom(...hostileStrings), fc.constantFrom(...hostileNumbers)), {
          maxLength: 4,
        }),
      },
      { weight: 1, arbitrary: fc.constantFrom('a|b', '1|2147483648', '2024-02-30|2024-01-01', '|', '\\|%') },
    ),
    condition_type: fc.constantFrom<unknown>('eq', 'like', 'like_bc', 'in', 'gteq', 'lteq', 'between', 1, null),
  });

const hostileSort = (op: Operation) =>
  fc.record({
    field: fc.oneof(
      op.listFields.length ? fc.constantFrom(...op.listFields) : fc.constant('id'),
      fc.constantFrom<unknown>('no_such_field', '\u0000', 5, 'id; drop table users'),
    ),
    direction: fc.constantFrom<unknown>('asc', 'desc', 'sideways', 1, null),
  });

/** Bodies that are not an object, not JSON, or not what the content type says. */
/** `fixed`: sent once to every operation with a body; all of them are in the generated mix. */
const brokenBodies: { type: string; payload: string; fixed?: boolean }[] = [
  { type: 'application/json', payload: '[]', fixed: true },
  { type: 'application/json', payload: '[{"a":1}]' },
  { type: 'application/json', payload: '"text"', fixed: true },
  { type: 'application/json', payload: '42' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: 'true' },
  { type: 'application/json', payload: '{', fixed: true },
  { type: 'application/json', payload: '{"a":"\\ud800"}' },
  { type: 'application/json', payload: '{"a":"\\u0000"}', fixed: true },
  { type: 'application/json', payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}' },
  { type: 'application/json', payload: '' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  {
    type: 'multipart/form-data',
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--x--\r\n',
    fixed: true,
  },
  {
    type: 'multipart/form-data; boundary=x',
    payload:
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nabc',
    fixed: true,
  },
  {
    type: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\n\u0000\r\n--x--\r\n',
  },
  { type: 'multipart/form-data; boundary=x', payload: 'garbage' },
];

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels (issue 17: a recursive walk of 5,000 levels answered 500). */
export function nestedBody(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A JSON body of about `bytes` bytes: one long text (issue 17: a 45 MB body blocked the server for 30 s). */
export function largeBody(bytes: number): string {
  return `{"description":"${'x'.repeat(Math.max(0, bytes - 18))}"}`;
}

/** Over the 1 MiB JSON body limit (JSON_BODY_LIMIT's default). */
const OVER_LIMIT = largeBody(1024 * 1024 + 1);

const takesBody = (op: Operation) => op.method === 'POST' || op.method === 'PUT';

/** Mutated requests: each breaks one part of a valid-looking request. */
export function mutatedRequest(op: Operation): fc.Arbitrary<GenRequest> {
  const parts = validParts(op);
  const base = fc.tuple(whoArb, parts.path, parts.query, parts.body);
  const isList = Boolean(op.body?.properties?.filters);
  const mutations: fc.Arbitrary<GenRequest>[] = [];
  if (op.body) {
    mutations.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...mutationKinds),
          fc.nat(),
          hostileAny,
          fc.constantFrom('extra', 'id', 'version', '__proto__', 'franchise_code'),
        )
        .map(([[who, p, q, b], kind, pick, h, k]) =>
          jsonRequest(op, who, p, q, mutate(b ?? {}, kind, pick, h, k) ?? {}),
        ),
      fc.tuple(base, fc.constantFrom(...brokenBodies)).map(([[who, p, q], bb]) => ({
        method: op.method,
        url: buildUrl(op, p, q),
        headers: { 'content-type': bb.type },
        payload: bb.payload,
        who,
      })),
    );
  }
  if (isList) {
    mutations.push(
      fc
        .tuple(
          base,
          fc.array(hostileFilter(op), { minLength: 1, maxLength: 3 }),
          fc.option(hostileSort(op), { nil: undefined }),
        )
        .map(([[who, p, q, b], filters, sort]) =>
          jsonRequest(op, who, p, q, { ...(b as object), filters, ...(sort ? { sort_order: sort } : {}) }),
        ),
    );
  }
  if (op.pathParams.length) {
    mutations.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...op.pathParams.map((p) => p.name)),
          fc.oneof(fc.constantFrom(...hostileSegments), fc.constantFrom(...hostileStrings).map(encodeAny)),
        )
        .map(([[who, p, q, b], name, seg]) =>
          jsonRequest(op, who, { ...p, [name]: seg }, q, op.body ? (b ?? {}) : undefined),
        ),
    );
  }
  if (takesBody(op)) {
    // Bodies nested past the depth limit (up to 20,000 levels) and bodies around the size limit, to every operation
    // that takes a body, whether or not it reads one.
    mutations.push(
      fc.tuple(base, fc.integer({ min: 30, max: 20_000 }), fc.boolean()).map(([[who, p, q], depth, array]) => ({
        method: op.method,
        url: buildUrl(op, p, q),
        headers: { 'content-type': 'application/json' },
        payload: nestedBody(depth, array ? 'array' : 'object'),
        who,
      })),
      fc.tuple(base, fc.integer({ min: 900 * 1024, max: 1200 * 1024 })).map(([[who, p, q], bytes]) => ({
        method: op.method,
        url: buildUrl(op, p, q),
        headers: { 'content-type': 'application/json' },
        payload: largeBody(bytes),
        who,
      })),
    );
  }
  const queryNames = [...op.queryParams.map((p) => p.name), 'extra'];
  // Query strings far longer than any field (a real socket answers 431 past 16 kB; in process they reach the route).
  mutations.push(
    fc
      .tuple(base, fc.constantFrom(...queryNames), fc.integer({ min: 2_000, max: 40_000 }))
      .map(([[who, p, q, b], name, length]) =>
        jsonRequest(op, who, p, [...q, [name, 'a'.repeat(length)]], op.body ? (b ?? {}) : undefined),
      ),
  );
  mutations.push(
    fc
      .tuple(
        base,
        fc.array(
          fc.tuple(
            fc.constantFrom(...queryNames),
            fc.oneof(
              fc.constantFrom(...hostileSegments),
              fc.constantFrom(...hostileStrings).map(encodeAny),
              fc.constantFrom(...hostileNumbers).map(String),
            ),
          ),
          { minLength: 1, maxLength: 3 },
        ),
      )
      .map(([[who, p, q, b], extra]) => jsonRequest(op, who, p, [...q, ...extra], op.body ? (b ?? {}) : undefined)),
  );
  mutations.push(
    fc
      .tuple(
        base,
        fc.constantFrom('idempotency-key', 'authorization', 'content-type', 'accept'),
        fc.constantFrom('x'.repeat(2000), 'Bearer ', 'Bearer x', 'application/json; charset=latin1', '*/*', '%00'),
      )
      .map(([[who, p, q, b], h, value]) => {
        const r = jsonRequest(op, who, p, q, op.body ? (b ?? {}) : undefined);
        return { ...r, headers: { ...r.headers, [h]: value } };
      }),
  );
  return fc.oneof(...mutations);
}

/** Fixed hostile requests every operation gets once (the findings of issue 7, by name). */
export function fixedRequests(op: Operation): GenRequest[] {
  const p1 = Object.fromEntries(op.pathParams.map((p) => [p.name, '1']));
  const out: GenRequest[] = [];
  const body = op.body ? {} : undefined;
  for (const p of op.pathParams) {
    for (const seg of ['2147483648', '%ZZ', '%00', 'a'.repeat(5000), '1.5'])
      out.push(jsonRequest(op, 'admin', { ...p1, [p.name]: seg }, [], body));
  }
  for (const q of op.queryParams) {
    for (const v of ['2147483648', '%00', '%ED%A0%80', '2024-02-30', '0000-01-01', '1.5', 'abc%5C'])
      out.push(jsonRequest(op, 'admin', p1, [[q.name, v]], body));
  }
  if (op.body) {
    for (const bb of brokenBodies.filter((b) => b.fixed))
      out.push({
        method: op.method,
        url: buildUrl(op, p1, []),
        headers: { 'content-type': bb.type },
        payload: bb.payload,
        who: 'admin',
      });
  }
  if (takesBody(op)) {
    const url = buildUrl(op, p1, []);
    for (const payload of [nestedBody(5_000, 'array'), nestedBody(100_000, 'object'), OVER_LIMIT])
      out.push({ method: op.method, url, headers: { 'content-type': 'application/json' }, payload, who: 'admin' });
  }
  out.push(jsonRequest(op, 'admin', p1, [[op.queryParams[0]?.name ?? 'extra', 'a'.repeat(20_000)]], body));
  if (op.body?.properties?.filters) {
    const fields = op.listFields.length ? op.listFields : ['id'];
    const many = Array.from({ length: 65_536 }, (_, i) => String(i));
    out.push(jsonRequest(op, 'admin', p1, [], { filters: [{ field: fields[0], value: many, condition_type: 'in' }] }));
    const cases = [
      ['abc\\', 'like'],
      ['%_\\', 'like_bc'],
      ['2024-02-30', 'gteq'],
      ['0000-01-01', 'lteq'],
      ['1 Jan 2024', 'eq'],
      [1.5, 'eq'],
      [2147483648, 'eq'],
      ['9223372036854775808', 'gteq'],
      ['a\u0000', 'eq'],
      [['1', '2147483648', '1.5'], 'in'],
    ] as const;
    // Each field meets one of the cases in turn (the generated requests mix the rest).
    fields.forEach((f, i) => {
      for (const [value, condition_type] of [cases[i % cases.length]]) {
        out.push(
          jsonRequest(op, 'admin', p1, [], {
            filters: [{ field: f, value, condition_type }],
            sort_order: { field: f, direction: 'desc' },
          }),
        );
      }
    });
  }
  return out;
}
