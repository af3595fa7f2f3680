import {
  changeDeviceBody,
  changeStoreBody,
  currentUser as currentUserSchema,
  okData,
  role,
  setActiveBody,
  setActiveResult,
  setPasswordBody,
  user,
  userCreate,
  userIdQuery,
  userInfo as userInfoSchema,
  userUpdate,
} from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute, type ExportColumn } from '../../http/list-route.js';
import { unscoped } from '../../http/scope.js';
import { users } from '../auth/schema.js';
import {
  changeDevice,
  changeStore,
  createUser,
  currentUser,
  deleteUser,
  roleList,
  roleFilter,
  setActive,
  setUserPassword,
  updateUser,
  userInfo,
  userList,
} from './service.js';

const page = '/users';
const view = { page, level: 'view' } as const;
const edit = { page, level: 'edit' } as const;

const userColumns: ExportColumn[] = [
  { key: 'username', header: 'Username', width: 20 },
  { key: 'firstname', header: 'First Name', width: 20 },
  { key: 'lastname', header: 'Last Name', width: 20 },
  { key: 'email', header: 'Email', width: 28 },
  { key: 'role_name', header: 'Role', width: 16 },
  { key: 'customer_no', header: 'Store' },
  { key: 'device_id', header: 'Device' },
  { key: 'is_active', header: 'Active', format: 'boolean' },
  { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
];

// calls.md 7.4 at api.md's "Administration" paths.
export function userRoutes(r: Router) {
  listRoute(r, {
    url: '/admin/users/filter',
    access: view,
    summary: 'Filter users (store users see their own franchise only)',
    item: user,
    spec: userList,
    // Store users see and change only the users of their own franchise.
    scope: (s) => s.franchise(users.customer_no),
    sheet: 'Users',
    columns: userColumns,
  });
  r.route({
    method: 'POST',
    url: '/admin/users',
    access: edit,
    summary: 'Create a user',
    body: userCreate,
    response: user,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => createUser(tx, auth, body)),
  });
  r.route({
    method: 'PUT',
    url: '/admin/users',
    access: edit,
    summary: 'Update a user (user_id and the version last read; a password sets a new one and ends the sessions)',
    body: userUpdate,
    response: user,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => updateUser(tx, auth, body)),
  });
  r.route({
    method: 'DELETE',
    url: '/admin/users',
    access: edit,
    summary: 'Delete a user (user_id query); nobody can delete themself',
    query: userIdQuery,
    response: okData,
    handler: async ({ query, auth, services }) => {
      await services.db.transaction((tx) => deleteUser(tx, auth, query.user_id));
      return { ok: true };
    },
  });
  r.route({
    method: 'POST',
    url: '/admin/users/password',
    access: edit,
    summary: "Set a user's password (user_id, new_password); ends that user's sessions",
    body: setPasswordBody,
    response: user,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => setUserPassword(tx, auth, body)),
  });
  r.route({
    method: 'POST',
    url: '/admin/users/is-active',
    access: edit,
    summary: 'Set is_active for one or many users (ids); deactivation ends their sessions',
    body: setActiveBody,
    response: setActiveResult,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => setActive(tx, auth, body)),
  });
  r.route({
    method: 'GET',
    url: '/admin/users/info',
    access: view,
    summary: 'One user (user_id query) with the page permissions assigned to them',
    query: userIdQuery,
    response: userInfoSchema,
    handler: ({ query, auth, services }) => userInfo(services.db, auth, query.user_id),
  });
  listRoute(r, {
    url: '/admin/roles/filter',
    access: view,
    summary: 'Filter roles (the Administrators role is listed for Administrators only)',
    item: role,
    spec: roleList,
    scope: unscoped('roles: the same for every franchise'),
    where: roleFilter,
    sheet: 'Roles',
    columns: [
      { key: 'name', header: 'Name', width: 20 },
      { key: 'description', header: 'Description', width: 50 },
    ],
  });
  r.route({
    method: 'GET',
    url: '/franchise-users/current',
    access: 'authenticated',
    summary: 'The calling user with role and store',
    response: currentUserSchema,
    handler: ({ auth, services }) => currentUser(services.db, auth),
  });
  listRoute(r, {
    url: '/franchise-users/filter',
    access: view,
    summary: "Filter the users of the caller's franchise (every user for head office and Administrators)",
    item: user,
    spec: userList,
    // Store users see and change only the users of their own franchise.
    scope: (s) => s.franchise(users.customer_no),
    sheet: 'Franchise Users',
    columns: userColumns,
  });
  r.route({
    method: 'POST',
    url: '/franchise-users/store',
    access: edit,
    summary: "Change a user's store (admin_user_id, customer_no; null removes it)",
    body: changeStoreBody,
    response: user,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => changeStore(tx, auth, body)),
  });
  r.route({
    method: 'POST',
    url: '/franchise-users/device',
    access: edit,
    summary: "Change a user's device (admin_user_id, device_id; null removes it)",
    body: changeDeviceBody,
    response: user,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => changeDevice(tx, auth, body)),
  });
}

