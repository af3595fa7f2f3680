import type { OperationName } from '@fp/contract/ops/index';

/** One query-key factory (STYLE.md 6): [area, kind, params]. Invalidate an area with qk.area('users'). */
export const qk = {
  area: (area: string) => [area] as const,
  list: (area: string, params: unknown) => [area, 'list', params] as const,
  one: (area: string, id: unknown) => [area, 'one', id] as const,
  other: (area: string, name: string, params?: unknown) => [area, name, params ?? null] as const,
  /** An operation's answer for an input: [area, 'cancelReasons.get', input]; invalidating the area refreshes it. */
  op: (name: OperationName, input?: unknown) => [name.slice(0, name.indexOf('.')), name, input ?? null] as const,
  me: ['auth', 'me'] as const,
  config: ['config'] as const,
};
