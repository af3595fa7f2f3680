import { defineOps } from '../ops/meta.js';

/** users: the zod-free half of the operation table (schemas in ../api/users.ts). */
export const usersOps = defineOps('users', {
  list: {
    method: 'POST',
    path: '/admin/users/filter',
    access: { page: '/users', level: 'view' },
    summary: 'Filter users (store users see their own franchise only)',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/admin/users',
    access: { page: '/users', level: 'edit' },
    summary: 'Create a user',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/admin/users',
    access: { page: '/users', level: 'edit' },
    summary: 'Update a user (user_id and the version last read; a password sets a new one and ends the sessions)',
  },
  delete: {
    method: 'DELETE',
    path: '/admin/users',
    access: { page: '/users', level: 'edit' },
    summary: 'Delete a user (user_id query); nobody can delete themself',
  },
  password: {
    method: 'POST',
    path: '/admin/users/password',
    access: { page: '/users', level: 'edit' },
    summary: "Set a user's password (user_id, new_password); ends that user's sessions",
  },
  isActive: {
    method: 'POST',
    path: '/admin/users/is-active',
    access: { page: '/users', level: 'edit' },
    summary: 'Set is_active for one or many users (ids); deactivation ends their sessions',
  },
  info: {
    method: 'GET',
    path: '/admin/users/info',
    access: { page: '/users', level: 'view' },
    summary: 'One user (user_id query) with the page permissions assigned to them',
  },
});

/** roles: the zod-free half of the operation table (schemas in ../api/users.ts). */
export const rolesOps = defineOps('roles', {
  list: {
    method: 'POST',
    path: '/admin/roles/filter',
    access: { page: '/users', level: 'view' },
    summary: 'Filter roles (the Administrators role is listed for Administrators only)',
    kind: 'list',
  },
});

/** franchiseUsers: the zod-free half of the operation table (schemas in ../api/users.ts). */
export const franchiseUsersOps = defineOps('franchiseUsers', {
  current: {
    method: 'GET',
    path: '/franchise-users/current',
    access: 'authenticated',
    summary: 'The calling user with role and store',
  },
  list: {
    method: 'POST',
    path: '/franchise-users/filter',
    access: { page: '/users', level: 'view' },
    summary: "Filter the users of the caller's franchise (every user for head office and Administrators)",
    kind: 'list',
  },
  store: {
    method: 'POST',
    path: '/franchise-users/store',
    access: { page: '/users', level: 'edit' },
    summary: "Change a user's store (admin_user_id, customer_no; null removes it)",
  },
  device: {
    method: 'POST',
    path: '/franchise-users/device',
    access: { page: '/users', level: 'edit' },
    summary: "Change a user's device (admin_user_id, device_id; null removes it)",
  },
});
