import { categoryCreate, categoryNode, categoryRemove, categoryRemoveResult, categoryTree as categoryTreeSchema, categoryUpdate } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { assertHeadOffice } from '../items/franchise-context.js';
import { ITEM_LOOKUP_PAGES } from '../items/routes.js';
import { categoryTree, createCategory, removeCategories, updateCategory } from './service.js';

const page = '/items';

export function categoryRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: '/categories',
    access: { page: ITEM_LOOKUP_PAGES, level: 'view' },
    summary: 'The category tree: categories in sort order, each with its sub-categories and item counts',
    response: categoryTreeSchema,
    handler: ({ services }) => categoryTree(services.db),
  });
  r.route({
    method: 'POST',
    url: '/categories',
    access: { page, level: 'edit' },
    summary: 'Add a category, or a sub-category when parent_id names a category (head office)',
    body: categoryCreate,
    response: categoryNode,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return createCategory(services.db, body);
    },
  });
  r.route({
    method: 'PUT',
    url: '/categories',
    access: { page, level: 'edit' },
    summary: 'Update a category (id, version last read, changes)',
    body: categoryUpdate,
    response: categoryNode,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return updateCategory(services.db, body);
    },
  });
  r.route({
    method: 'POST',
    url: '/categories/remove',
    access: { page, level: 'edit' },
    summary: 'Remove categories (id or ids); one that still holds items or sub-categories is refused (422, saying how many)',
    body: categoryRemove,
    response: categoryRemoveResult,
    handler: ({ body, auth, services }) => {
      assertHeadOffice(auth);
      return services.db.transaction((tx) => removeCategories(tx, body));
    },
  });
}
