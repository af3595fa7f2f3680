import { z } from 'zod';
import { messages, optionalText, requiredText } from './validators.js';
import { int32, version } from './common.js';
import { codeInput } from './catalogue-common.js';

// calls.md 7.8 categories: a two-level tree (category and sub-category) that items belong to.

export const categoryNode = z.object({
  id: int32(),
  code: z.string(),
  name: z.string(),
  /** null for a category; the category's id for a sub-category. */
  parent_id: int32().nullable(),
  sort: int32(),
  /** Items directly in this node; for a category, also those of its sub-categories. */
  item_count: int32(),
  version: int32(),
  updated_at: z.string(),
});
export type CategoryNode = z.infer<typeof categoryNode>;
export type CategoryTreeNode = CategoryNode & { children: CategoryNode[] };
export const categoryTreeNode = categoryNode.extend({ children: z.array(categoryNode) });
export const categoryTree = z.array(categoryTreeNode);

const sort = int32({ error: messages.isNumber })
  .min(0, messages.range(0, 100000))
  .max(100000, messages.range(0, 100000));
const parentId = int32({ error: 'parent_id must be a number' }).positive().nullable();

/** POST /api/categories: a category, or a sub-category when parent_id names a category. */
export const categoryCreate = z.object({
  code: codeInput(),
  name: requiredText(100),
  parent_id: parentId.optional().default(null),
  sort: sort.optional().default(0),
  description: optionalText(250),
});
export type CategoryCreate = z.output<typeof categoryCreate>;

/** PUT /api/categories: id and the version last read, plus what changes. */
export const categoryUpdate = z.object({
  id: int32({ error: messages.required }).positive(),
  version,
  code: codeInput().optional(),
  name: requiredText(100).optional(),
  parent_id: parentId.optional(),
  sort: sort.optional(),
});
export type CategoryUpdate = z.output<typeof categoryUpdate>;

/** POST /api/categories/remove: one id, or several. */
export const categoryRemove = z
  .object({ id: int32().positive().optional(), ids: z.array(int32().positive()).optional() })
  .refine((v) => v.id !== undefined || (v.ids?.length ?? 0) > 0, { message: messages.required, path: ['id'] })
  .transform((v) => [...new Set([...(v.id !== undefined ? [v.id] : []), ...(v.ids ?? [])])]);
export const categoryRemoveResult = z.object({ removed: int32() });
