import type { AreaName, OperationName } from '@fp/contract/ops/index';

/** The area of an operation name: 'salesOrders.get' → 'salesOrders'. */
export const areaOf = <N extends OperationName>(name: N) =>
  name.slice(0, name.indexOf('.')) as N extends `${infer A extends AreaName}.${string}` ? A : AreaName;

/**
 * The one query-key scheme (STYLE.md 6), derived from the operation table: every key starts with an area of the
 * operation table (`AreaName`: a name that is not an area does not compile), so invalidating the area refreshes every
 * query of it. The second element says which query: an operation's name (`qk.op`), 'list', 'one' or a named read.
 * api/keys.test.ts fails when an invalidation in the web's sources matches no query key.
 */
export const qk = {
  /** Every query of an area: what a mutation of the area invalidates. */
  area: (area: AreaName) => [area] as const,
  list: (area: AreaName, params: unknown) => [area, 'list', params] as const,
  /** Every list of an area (a document's totals and status changed). */
  lists: (area: AreaName) => [area, 'list'] as const,
  one: (area: AreaName, id: unknown) => [area, 'one', id] as const,
  other: (area: AreaName, name: string, params?: unknown) => [area, name, params ?? null] as const,
  /** An operation's answer for an input: [area, 'cancelReasons.get', input]; invalidating the area refreshes it. */
  op: (name: OperationName, input?: unknown) => [areaOf(name), name, input ?? null] as const,
  me: ['auth', 'me'] as const,
  config: ['config'] as const,
};
