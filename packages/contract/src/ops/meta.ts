/**
 * The operation table, zod-free half (DEVELOPING.md "Operations"): what each operation is — method, path, access,
 * summary, status, idempotency, kind — without its schemas, so the web may import it at runtime without zod.
 * The schemas of the same operations, keyed by the same names, are in `src/api/<area>.ts`.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every operation declares the page it belongs to and the level it needs (ARCHITECTURE: Access). */
export type Access =
  /** A list of pages means any one of them grants the level (e.g. a lookup both a desktop and a tablet screen use). */
  { readonly page: string | readonly string[]; readonly level: 'view' | 'edit' } | 'public' | 'authenticated' | 'admin';

/**
 * json: answers the envelope with the response schema as `data`.
 * list: POST {path} answers a page of `item`s and POST {path}/export the filtered set as .xlsx (one operation, two calls).
 * raw: the handler writes the reply itself (files, the plain-string login token, multipart uploads).
 */
export type OpKind = 'json' | 'list' | 'raw';

export type OpMetaInput = {
  readonly method: Method;
  /** Under /api: `/cancel-reasons/:id`. */
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  /** HTTP status of a success (201 for creates). */
  readonly status?: number;
  /** Accepts an Idempotency-Key header: the same key and body return the first answer (api.md). */
  readonly idempotent?: boolean;
  readonly kind?: OpKind;
  /** The request body is multipart/form-data (uploads); the web client sends a FormData. */
  readonly multipart?: boolean;
  readonly tags?: readonly string[];
};

export type OpMeta = OpMetaInput & { readonly name: string; readonly area: string };

export type OpMetaTable = Record<string, OpMetaInput>;

export type DefinedOps<A extends string, T extends OpMetaTable> = {
  readonly [K in keyof T & string]: T[K] & { readonly name: `${A}.${K}`; readonly area: A };
};

/** Names every operation of an area `<area>.<key>` (e.g. `cancelReasons.get`). */
export function defineOps<const A extends string, const T extends OpMetaTable>(area: A, table: T): DefinedOps<A, T> {
  const out: Record<string, OpMeta> = {};
  for (const [key, meta] of Object.entries(table)) out[key] = { ...meta, name: `${area}.${key}`, area };
  return out as DefinedOps<A, T>;
}

/** The /api URL of an operation with its path parameters filled in (each value URI-encoded). */
export function opUrl(meta: Pick<OpMeta, 'path' | 'name'>, params?: Record<string, unknown>): string {
  const path = meta.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '')
      throw new Error(`${meta.name}: path parameter ${key} is missing`);
    return encodeURIComponent(String(value));
  });
  return `/api${path}`;
}

/** The export call of a list operation. */
export const exportPath = (meta: Pick<OpMeta, 'path'>) => `${meta.path}/export`;
