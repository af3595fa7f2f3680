// Zod-free list constants (the web app's first load imports them through `@fp/contract/web`).
// calls.md 7.1 and api.md: list calls take pagination, filters and sort_order.
export const conditionTypes = ['eq', 'like', 'like_bc', 'in', 'gteq', 'lteq'] as const;
export type ConditionType = (typeof conditionTypes)[number];

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 20;
