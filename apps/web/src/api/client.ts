import { DEFAULT_ERROR } from '@fp/contract/web';
import type { ApiError, ListRequestInput } from '@fp/contract';
import type { ListOperationName, OperationName } from '@fp/contract/ops/index';
import { exportPath, opUrl } from '@fp/contract/ops/meta';
import { opRoutes } from '@fp/contract/ops/routes.gen';
import type { ApiInput, ApiResponse } from '@fp/contract/api/index';

/** A failed call: the server's errors[] (calls.md 8 shows the first msg). */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
  ) {
    super(errors[0]?.msg || DEFAULT_ERROR);
  }
  get code() {
    return this.errors[0]?.code;
  }
  /** Field errors by dotted field name, for forms. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e.field && !out[e.field]) out[e.field] = e.msg;
    return out;
  }
}

type Listener = (e: ApiCallError) => void;
const listeners = new Set<Listener>();
/** The shell listens for 401 (session gone) and 503 (maintenance). */
export const onApiError = (l: Listener) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

type ReachListener = (reached: boolean) => void;
const reachListeners = new Set<ReachListener>();
/**
 * Whether the server was reached (issue 19): every call says so, false when the network or the server is gone, true
 * on any answer; the offline counter listens (pages/counter/offline/connection.ts).
 */
export const onServerReach = (l: ReachListener) => {
  reachListeners.add(l);
  return () => {
    reachListeners.delete(l);
  };
};

async function request<T>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url.startsWith('/') ? url : `/api/${url}`, {
      method,
      credentials: 'same-origin',
      headers: body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {},
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      ...init,
    });
  } catch {
    reachListeners.forEach((l) => l(false));
    throw new ApiCallError(0, [{ code: 'network_error', msg: DEFAULT_ERROR }]);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    // the answer was lost on the way (the connection dropped after the server wrote it)
    reachListeners.forEach((l) => l(false));
    throw new ApiCallError(0, [{ code: 'network_error', msg: DEFAULT_ERROR }]);
  }
  reachListeners.forEach((l) => l(true));
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const env = json as { result?: boolean; data?: T; errors?: ApiError[] } | null;
  if (!res.ok || (env && typeof env === 'object' && env.result === false)) {
    const err = new ApiCallError(
      res.status,
      env?.errors?.length ? env.errors : [{ code: 'system_error', msg: DEFAULT_ERROR }],
    );
    listeners.forEach((l) => l(err));
    throw err;
  }
  if (env && typeof env === 'object' && 'result' in env) return env.data as T;
  return json as T;
}

/** Arguments of call(name, …): the input may be left out when every part of it is optional. */
export type CallArgs<N extends OperationName> =
  Record<never, never> extends ApiInput<N> ? [input?: ApiInput<N>] : [input: ApiInput<N>];

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>))
    if (v !== undefined && v !== null) q.append(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** Method and path of an operation (the generated route table: the operation table stays out of the first load). */
function routeOf(name: OperationName) {
  const [method, path] = opRoutes[name];
  return { name, method, path };
}

/**
 * Calls an operation of the contract by name (DEVELOPING.md "Web API client"): `call('cancelReasons.get', { params: { id } })`.
 * Input and answer are typed from the operation's schemas; a list operation answers a page of its items.
 */
export function call<N extends OperationName>(name: N, ...[input]: CallArgs<N>): Promise<ApiResponse<N>> {
  const meta = routeOf(name);
  const i = (input ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  const url = opUrl(meta, i.params) + queryString(i.query);
  const body = meta.method === 'GET' || meta.method === 'DELETE' ? undefined : (i.body ?? {});
  return request<ApiResponse<N>>(meta.method, url, body);
}

/** Whether a name read at run time (a status machine's `transition.op`) is an operation of the route table. */
export const isOperationName = (name: string): name is OperationName => Object.hasOwn(opRoutes, name);

/**
 * Sends an operation named at run time: a status machine's `transition.op` (useDocument's actions). The name is
 * checked against the route table; its body is the document's reference and the action's extra fields, and the answer
 * is read by the caller (the document, or the sync's `{ order, message }`).
 */
export function callNamed(name: string, body: object): Promise<unknown> {
  if (!isOperationName(name)) return Promise.reject(new Error(`Unknown operation ${name}`));
  const meta = routeOf(name);
  return request<unknown>(meta.method, opUrl(meta), body);
}

/** Sends a multipart operation (uploads) with its form data. */
export function upload<N extends OperationName>(
  name: N,
  form: FormData,
  params?: Record<string, unknown>,
): Promise<ApiResponse<N>> {
  const meta = routeOf(name);
  return request<ApiResponse<N>>(meta.method, opUrl(meta, params), form);
}

/** The request body of an operation, for forms that edit exactly it (no payload types written again in screens). */
export type OpBody<N extends OperationName> = Exclude<ApiInput<N>['body'], undefined>;
/** The `data` an operation answers. */
export type OpData<N extends OperationName> = ApiResponse<N>;

/** The export of a list operation: POSTs the filter body to `{path}/export` and saves the .xlsx it streams back. */
export async function exportList(name: ListOperationName, body: ListRequestInput, fileName: string) {
  const res = await fetch(`/api${exportPath(routeOf(name))}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const env = (await res.json().catch(() => null)) as { errors?: ApiError[] } | null;
    throw new ApiCallError(res.status, env?.errors ?? [{ code: 'system_error', msg: DEFAULT_ERROR }]);
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
