import type { z } from 'zod';
import { listRequest, listResponse, type ListRequestInput, type ListResponse } from '../filter.js';
import type { OpMeta } from './meta.js';

/**
 * The schemas of one operation (DEVELOPING.md "Operations"). A list operation names its `item` (and `body` when it
 * takes more than the standard list request); its response is `listResponse(item)`.
 */
export type OpSchemas = {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response?: z.ZodType;
  readonly item?: z.ZodType;
};

/** The schema table of an area must name exactly the operations of its meta table. */
export type SchemasOf<M> = { readonly [K in keyof M]: OpSchemas };

export type Operation = OpMeta & OpSchemas;

type Joined<M, S> = { readonly [K in keyof M & keyof S]: M[K] & S[K] };

/** Joins an area's zod-free meta with its schemas; a list operation gets its body and response schemas. */
export function joinOps<M extends Record<string, OpMeta>, S extends SchemasOf<M>>(
  meta: M,
  schemas: S & Record<Exclude<keyof S, keyof M>, never>,
): Joined<M, S> {
  const out: Record<string, Operation> = {};
  for (const key of Object.keys(meta)) {
    const m = meta[key]!;
    const s = (schemas as Record<string, OpSchemas>)[key];
    if (!s) throw new Error(`operation ${m.name} has no schemas`);
    out[key] =
      m.kind === 'list'
        ? { ...m, ...s, body: s.body ?? listRequest, response: listResponse(s.item ?? (undefined as never)) }
        : { ...m, ...s };
  }
  return out as Joined<M, S>;
}

type In<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodType } ? z.input<T> : undefined;
type Out<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodType } ? z.output<T> : undefined;
type Opt<K extends string, V> = [V] extends [undefined]
  ? { readonly [P in K]?: undefined }
  : Record<never, never> extends V
    ? { readonly [P in K]?: V }
    : { readonly [P in K]: V };

/** What a client sends for an operation with these schemas (zod input types). */
export type OpInput<S> = S extends { readonly item: z.ZodType }
  ? Opt<'params', In<S, 'params'>> & {
      readonly body?: S extends { readonly body: z.ZodType } ? In<S, 'body'> : ListRequestInput;
    }
  : Opt<'params', In<S, 'params'>> & Opt<'query', In<S, 'query'>> & Opt<'body', In<S, 'body'>>;

/** What a client receives as `data` (zod output types; a list: a page of items). */
export type OpResponse<S> = S extends { readonly item: infer T extends z.ZodType }
  ? ListResponse<z.output<T>>
  : S extends { readonly response: infer T extends z.ZodType }
    ? z.output<T>
    : unknown;

/** What a handler gets (zod output types of the parsed request). */
export type HandlerInput<S> = { body: Out<S, 'body'>; query: Out<S, 'query'>; params: Out<S, 'params'> };

/** What a handler must return: anything the response schema accepts. */
export type HandlerResult<S> = S extends { readonly kind: 'raw' }
  ? unknown
  : S extends { readonly item: infer T extends z.ZodType }
    ? unknown & { items: z.input<T>[] }
    : S extends { readonly response: infer T extends z.ZodType }
      ? z.input<T>
      : unknown;
