import { defineOps } from '../ops/meta.js';
import { ITEM_LOOKUP_PAGES } from './page-groups.js';

/** categories: the zod-free half of the operation table (schemas in ../api/categories.ts). */
export const categoriesOps = defineOps('categories', {
  tree: {
    method: 'GET',
    path: '/categories',
    // the revenue summary filters by category too (issue 11)
    access: { page: [...ITEM_LOOKUP_PAGES, '/reports/revenue/summaries'], level: 'view' },
    summary: 'The category tree: categories in sort order, each with its sub-categories and item counts',
  },
  create: {
    method: 'POST',
    path: '/categories',
    access: { page: '/items', level: 'edit' },
    summary: 'Add a category, or a sub-category when parent_id names a category (head office)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/categories',
    access: { page: '/items', level: 'edit' },
    summary: 'Update a category (id, version last read, changes)',
  },
  remove: {
    method: 'POST',
    path: '/categories/remove',
    access: { page: '/items', level: 'edit' },
    summary:
      'Remove categories (id or ids); one that still holds items or sub-categories is refused (422, saying how many)',
  },
});
