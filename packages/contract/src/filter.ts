import { z } from 'zod';
import { int32 } from './common.js';

export { conditionTypes, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ConditionType } from './list-options.js';
import { conditionTypes, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ConditionType } from './list-options.js';

/** An `in` condition takes at most this many values (a list or values joined by |). */
export const MAX_IN_VALUES = 1000;
/**
 * A list counts its rows up to this many (issue 22): past it the answer says `total_capped` and `total_count` is a
 * lower bound ("more than 10.000 records"), so a page of a million-row report never counts the million.
 */
export const LIST_TOTAL_CAP = 10_000;
export const tooManyValues = `Please enter at most ${MAX_IN_VALUES} values`;

const filterValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);

export const filterItem = z.object({
  field: z.string().min(1),
  value: filterValue,
  condition_type: z.enum(conditionTypes).default('eq'),
});
export type FilterItem = z.infer<typeof filterItem>;

export const sortOrder = z.object({
  field: z.string().min(1),
  direction: z.enum(['asc', 'desc']).default('asc'),
});

export const pagination = z.object({
  page: int32().min(1).default(1),
  size: int32().min(1).max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`).default(DEFAULT_PAGE_SIZE),
});

export const listRequest = z.object({
  pagination: pagination.default({ page: 1, size: DEFAULT_PAGE_SIZE }),
  filters: z.array(filterItem).default([]),
  sort_order: sortOrder.optional(),
});
export type ListRequest = z.infer<typeof listRequest>;
export type ListRequestInput = z.input<typeof listRequest>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total_count: int32(),
    /** There are more rows than total_count (LIST_TOTAL_CAP): the list stopped counting. */
    total_capped: z.boolean().optional(),
    page: int32(),
    size: int32(),
  });
export type ListResponse<T> = { items: T[]; total_count: number; total_capped?: boolean; page: number; size: number };

/**
 * calls.md 7.1 / product.md 5: a value containing | becomes an in-condition; like wraps in %;
 * like_bc is a like without wrapping. Returns the condition and the value(s) to compare.
 */
export function normalizeFilter(f: FilterItem): { condition: ConditionType; value: FilterItem['value'] } {
  if (typeof f.value === 'string' && f.value.includes('|')) {
    return { condition: 'in', value: f.value.split('|') };
  }
  if (f.condition_type === 'in' && typeof f.value === 'string') return { condition: 'in', value: [f.value] };
  if (f.condition_type === 'like' && typeof f.value === 'string') return { condition: 'like', value: `%${f.value}%` };
  return { condition: f.condition_type, value: f.value };
}

/** Builds a filter item the way the product's list screens do. */
export function makeFilter(
  field: string,
  value: string | number | boolean,
  condition_type: ConditionType = 'eq',
): FilterItem {
  return { field, value, condition_type };
}
