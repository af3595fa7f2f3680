import { defineOps } from '../ops/meta.js';

/** pageStructures: the zod-free half of the operation table (schemas in ../api/access.ts). */
export const pageStructuresOps = defineOps('pageStructures', {
  list: {
    method: 'POST',
    path: '/page-structures/filter',
    access: {
      page: ['/pageStructure', '/pageStructure/detail/{slug}', '/pagePermission', '/pagePermission/detail/{slug}'],
      level: 'view',
    },
    summary: 'Filter page structures',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/page-structures/:id',
    access: {
      page: ['/pageStructure', '/pageStructure/detail/{slug}', '/pagePermission', '/pagePermission/detail/{slug}'],
      level: 'view',
    },
    summary: 'One page structure',
  },
  create: {
    method: 'POST',
    path: '/page-structures',
    access: { page: ['/pageStructure', '/pageStructure/detail/{slug}'], level: 'edit' },
    summary: 'Create a page structure',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/page-structures/:id',
    access: { page: ['/pageStructure', '/pageStructure/detail/{slug}'], level: 'edit' },
    summary: 'Update a page structure (carries the version last read); permissions follow a new url',
  },
  delete: {
    method: 'DELETE',
    path: '/page-structures/:id',
    access: { page: ['/pageStructure', '/pageStructure/detail/{slug}'], level: 'edit' },
    summary: 'Delete a page structure no permission uses',
  },
});

/** pagePermissions: the zod-free half of the operation table (schemas in ../api/access.ts). */
export const pagePermissionsOps = defineOps('pagePermissions', {
  list: {
    method: 'POST',
    path: '/page-permissions/filter',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'view' },
    summary: 'Filter page permissions',
    kind: 'list',
  },
  assignableUsersList: {
    method: 'POST',
    path: '/page-permissions/assignable-users/filter',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'view' },
    summary: 'Users the permission editor can assign (filter search, username, name, role)',
    kind: 'list',
  },
  get: {
    method: 'GET',
    path: '/page-permissions/:id',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'view' },
    summary: 'One page permission with its assigned user ids',
  },
  create: {
    method: 'POST',
    path: '/page-permissions',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'edit' },
    summary: 'Create a page permission (users in the body become its users)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/page-permissions/:id',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'edit' },
    summary: 'Update a page permission (carries the version last read; users, when given, replace its users)',
  },
  delete: {
    method: 'DELETE',
    path: '/page-permissions/:id',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'edit' },
    summary: 'Delete a page permission (its users lose it)',
  },
  user: {
    method: 'POST',
    path: '/page-permissions/user',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'edit' },
    summary: 'Assign a page permission to one user (admin_user_id, page_permission_id)',
  },
  usersBulk: {
    method: 'POST',
    path: '/page-permissions/users/bulk',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'edit' },
    summary: 'Assign a page permission to many users (mode replace: exactly these; add: these too)',
  },
  users: {
    method: 'GET',
    path: '/page-permissions/:id/users',
    access: { page: ['/pagePermission', '/pagePermission/detail/{slug}'], level: 'view' },
    summary: 'The users of a page permission (id, username, name, role)',
  },
});
