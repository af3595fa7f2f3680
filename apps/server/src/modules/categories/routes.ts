import { categoriesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { assertHeadOffice } from '../items/franchise-context.js';
import { categoryTree, createCategory, removeCategories, updateCategory } from './service.js';

export function categoryRoutes(r: Router) {
  r.route(categoriesApi.tree, ({ services }) => categoryTree(services.db));
  r.route(categoriesApi.create, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return createCategory(services.db, body);
  });
  r.route(categoriesApi.update, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return updateCategory(services.db, body);
  });
  r.route(categoriesApi.remove, ({ body, auth, services }) => {
    assertHeadOffice(auth);
    return services.db.transaction((tx) => removeCategories(tx, body));
  });
}
