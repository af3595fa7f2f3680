import { z } from 'zod';
import {
  assignPermissionBody,
  assignPermissionBulkBody,
  pagePermission,
  pagePermissionCreate,
  pagePermissionListItem,
  pagePermissionUpdate,
  pageStructure,
  pageStructureCreate,
  pageStructureListItem,
  pageStructureUpdate,
  permissionUser,
} from '../admin.js';
import { idParam, okData } from '../common.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { pageStructuresOps, pagePermissionsOps } from '../ops/access.js';

/** pageStructures: the schemas of each operation, keyed like pageStructuresOps. */
export const pageStructuresSchemas = {
  list: { item: pageStructureListItem },
  get: { params: idParam, response: pageStructure },
  create: { body: pageStructureCreate, response: pageStructure },
  update: { params: idParam, body: pageStructureUpdate, response: pageStructure },
  delete: { params: idParam, response: okData },
} satisfies SchemasOf<typeof pageStructuresOps>;

/** pageStructures: meta and schemas of each operation, as the server registers them. */
export const pageStructuresApi = joinOps(pageStructuresOps, pageStructuresSchemas);

/** pagePermissions: the schemas of each operation, keyed like pagePermissionsOps. */
export const pagePermissionsSchemas = {
  list: { item: pagePermissionListItem },
  assignableUsersList: { item: permissionUser },
  get: { params: idParam, response: pagePermission },
  create: { body: pagePermissionCreate, response: pagePermission },
  update: { params: idParam, body: pagePermissionUpdate, response: pagePermission },
  delete: { params: idParam, response: okData },
  user: { body: assignPermissionBody, response: pagePermission },
  usersBulk: { body: assignPermissionBulkBody, response: pagePermission },
  users: { params: idParam, response: z.array(permissionUser) },
} satisfies SchemasOf<typeof pagePermissionsOps>;

/** pagePermissions: meta and schemas of each operation, as the server registers them. */
export const pagePermissionsApi = joinOps(pagePermissionsOps, pagePermissionsSchemas);
