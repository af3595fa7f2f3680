import { DEFAULT_ERROR } from '@fp/contract/web';
import type { ApiError, ListRequestInput, ListResponse } from '@fp/contract';

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
    throw new ApiCallError(0, [{ code: 'network_error', msg: DEFAULT_ERROR }]);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const env = json as { result?: boolean; data?: T; errors?: ApiError[] } | null;
  if (!res.ok || (env && typeof env === 'object' && env.result === false)) {
    const err = new ApiCallError(res.status, env?.errors?.length ? env.errors : [{ code: 'system_error', msg: DEFAULT_ERROR }]);
    listeners.forEach((l) => l(err));
    throw err;
  }
  if (env && typeof env === 'object' && 'result' in env) return env.data as T;
  return json as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body: unknown = {}) => request<T>('POST', url, body),
  put: <T>(url: string, body: unknown = {}) => request<T>('PUT', url, body),
  del: <T>(url: string) => request<T>('DELETE', url),
  upload: <T>(url: string, form: FormData) => request<T>('POST', url, form),
  list: <T>(url: string, body: ListRequestInput) => request<ListResponse<T>>('POST', url, body),
};

/** POSTs a filter body to `{url}/export` and saves the .xlsx it streams back. */
export async function downloadExport(filterUrl: string, body: ListRequestInput, fileName: string) {
  const res = await fetch(`${filterUrl}/export`, {
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
