import {
  assignPermissionBody,
  assignPermissionBulkBody,
  idParam,
  okData,
  pagePermission,
  pagePermissionCreate,
  pagePermissionListItem,
  pagePermissionUpdate,
  pageStructure,
  pageStructureCreate,
  pageStructureListItem,
  pageStructureUpdate,
  permissionUser,
} from '@fp/contract';
import { z } from 'zod';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { unscoped } from '../../http/scope.js';
import { users } from '../auth/schema.js';
import { createPageStructure, deletePageStructure, getPageStructure, pageStructureList, updatePageStructure } from './service.js';
import {
  assignableUserList,
  assignPermission,
  assignPermissionBulk,
  createPagePermission,
  deletePagePermission,
  getPagePermission,
  pagePermissionList,
  updatePagePermission,
  usersOfPermission,
} from './permissions.js';

// The list and detail screens of each family share its operations; the permission editor also reads the structures.
const structurePages = ['/pageStructure', '/pageStructure/detail/{slug}'] as const;
const permissionPages = ['/pagePermission', '/pagePermission/detail/{slug}'] as const;
const structureReaders = [...structurePages, ...permissionPages] as const;

export function accessRoutes(r: Router) {
  listRoute(r, {
    url: '/page-structures/filter',
    access: { page: structureReaders, level: 'view' },
    summary: 'Filter page structures',
    item: pageStructureListItem,
    spec: pageStructureList,
    scope: unscoped('page structures: the same for every franchise'),
    sheet: 'Page Structures',
    columns: [
      { key: 'page_url', header: 'Page URL', width: 40 },
      { key: 'page_name', header: 'Page Name', width: 30 },
      { key: 'buttons_count', header: 'Buttons' },
      { key: 'fields_count', header: 'Fields' },
      { key: 'filters_count', header: 'Filters' },
      { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
    ],
  });
  r.route({
    method: 'GET',
    url: '/page-structures/:id',
    access: { page: structureReaders, level: 'view' },
    summary: 'One page structure',
    params: idParam,
    response: pageStructure,
    handler: ({ params, services }) => getPageStructure(services.db, params.id),
  });
  r.route({
    method: 'POST',
    url: '/page-structures',
    access: { page: structurePages, level: 'edit' },
    summary: 'Create a page structure',
    body: pageStructureCreate,
    response: pageStructure,
    status: 201,
    idempotent: true,
    handler: ({ body, services }) => createPageStructure(services.db, body),
  });
  r.route({
    method: 'PUT',
    url: '/page-structures/:id',
    access: { page: structurePages, level: 'edit' },
    summary: 'Update a page structure (carries the version last read); permissions follow a new url',
    params: idParam,
    body: pageStructureUpdate,
    response: pageStructure,
    handler: ({ params, body, services }) => services.db.transaction((tx) => updatePageStructure(tx, params.id, body)),
  });
  r.route({
    method: 'DELETE',
    url: '/page-structures/:id',
    access: { page: structurePages, level: 'edit' },
    summary: 'Delete a page structure no permission uses',
    params: idParam,
    response: okData,
    handler: async ({ params, services }) => {
      await services.db.transaction((tx) => deletePageStructure(tx, params.id));
      return { ok: true };
    },
  });

  listRoute(r, {
    url: '/page-permissions/filter',
    access: { page: permissionPages, level: 'view' },
    summary: 'Filter page permissions',
    item: pagePermissionListItem,
    spec: (auth) => pagePermissionList(auth.scope),
    scope: unscoped('page permissions: shared by every franchise; the users shown are scoped in the spec'),
    sheet: 'Page Permissions',
    columns: [
      { key: 'name', header: 'Name', width: 30 },
      { key: 'permission_type', header: 'Permission Type', width: 16 },
      { key: 'pages_count', header: 'Pages' },
      { key: 'users_count', header: 'Users' },
      { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
    ],
  });
  listRoute(r, {
    url: '/page-permissions/assignable-users/filter',
    access: { page: permissionPages, level: 'view' },
    summary: 'Users the permission editor can assign (filter search, username, name, role)',
    item: permissionUser,
    spec: assignableUserList,
    scope: (s) => s.franchise(users.customer_no),
    sheet: 'Users',
    columns: [
      { key: 'username', header: 'Username', width: 20 },
      { key: 'name', header: 'Name', width: 30 },
      { key: 'role', header: 'Role', width: 20 },
      { key: 'customer_no', header: 'Store' },
      { key: 'is_active', header: 'Active', format: 'boolean' },
    ],
  });
  r.route({
    method: 'GET',
    url: '/page-permissions/:id',
    access: { page: permissionPages, level: 'view' },
    summary: 'One page permission with its assigned user ids',
    params: idParam,
    response: pagePermission,
    handler: ({ params, auth, services }) => getPagePermission(services.db, params.id, auth.scope),
  });
  r.route({
    method: 'POST',
    url: '/page-permissions',
    access: { page: permissionPages, level: 'edit' },
    summary: 'Create a page permission (users in the body become its users)',
    body: pagePermissionCreate,
    response: pagePermission,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => createPagePermission(tx, auth, body)),
  });
  r.route({
    method: 'PUT',
    url: '/page-permissions/:id',
    access: { page: permissionPages, level: 'edit' },
    summary: 'Update a page permission (carries the version last read; users, when given, replace its users)',
    params: idParam,
    body: pagePermissionUpdate,
    response: pagePermission,
    handler: ({ params, body, auth, services }) => services.db.transaction((tx) => updatePagePermission(tx, auth, params.id, body)),
  });
  r.route({
    method: 'DELETE',
    url: '/page-permissions/:id',
    access: { page: permissionPages, level: 'edit' },
    summary: 'Delete a page permission (its users lose it)',
    params: idParam,
    response: okData,
    handler: async ({ params, auth, services }) => {
      await services.db.transaction((tx) => deletePagePermission(tx, auth, params.id));
      return { ok: true };
    },
  });
  r.route({
    method: 'POST',
    url: '/page-permissions/user',
    access: { page: permissionPages, level: 'edit' },
    summary: 'Assign a page permission to one user (admin_user_id, page_permission_id)',
    body: assignPermissionBody,
    response: pagePermission,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => assignPermission(tx, auth, body)),
  });
  r.route({
    method: 'POST',
    url: '/page-permissions/users/bulk',
    access: { page: permissionPages, level: 'edit' },
    summary: 'Assign a page permission to many users (mode replace: exactly these; add: these too)',
    body: assignPermissionBulkBody,
    response: pagePermission,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => assignPermissionBulk(tx, auth, body)),
  });
  r.route({
    method: 'GET',
    url: '/page-permissions/:id/users',
    access: { page: permissionPages, level: 'view' },
    summary: 'The users of a page permission (id, username, name, role)',
    params: idParam,
    response: z.array(permissionUser),
    handler: ({ params, auth, services }) => usersOfPermission(services.db, auth, params.id),
  });
}
