import {
  categoryCreate,
  categoryNode,
  categoryRemove,
  categoryRemoveResult,
  categoryTree as categoryTreeSchema,
  categoryUpdate,
} from '../categories.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { categoriesOps } from '../ops/categories.js';

/** categories: the schemas of each operation, keyed like categoriesOps. */
export const categoriesSchemas = {
  tree: { response: categoryTreeSchema },
  create: { body: categoryCreate, response: categoryNode },
  update: { body: categoryUpdate, response: categoryNode },
  remove: { body: categoryRemove, response: categoryRemoveResult },
} satisfies SchemasOf<typeof categoriesOps>;

/** categories: meta and schemas of each operation, as the server registers them. */
export const categoriesApi = joinOps(categoriesOps, categoriesSchemas);
