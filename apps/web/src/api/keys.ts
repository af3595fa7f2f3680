/** One query-key factory (STYLE.md 6): [area, kind, params]. Invalidate an area with qk.area('users'). */
export const qk = {
  area: (area: string) => [area] as const,
  list: (area: string, params: unknown) => [area, 'list', params] as const,
  one: (area: string, id: unknown) => [area, 'one', id] as const,
  other: (area: string, name: string, params?: unknown) => [area, name, params ?? null] as const,
  me: ['auth', 'me'] as const,
  config: ['config'] as const,
};
