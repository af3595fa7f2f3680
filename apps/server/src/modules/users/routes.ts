import { usersApi, rolesApi, franchiseUsersApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute, type ExportColumn } from '../../http/list-route.js';
import {
  changeDevice,
  changeStore,
  createUser,
  currentUser,
  deleteUser,
  roleList,
  roleScope,
  setActive,
  setUserPassword,
  updateUser,
  userInfo,
  userList,
  userScope,
} from './service.js';

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
  listRoute(r, usersApi.list, {
    spec: userList,
    scope: userScope,
    sheet: 'Users',
    columns: userColumns,
  });
  r.route(usersApi.create, ({ body, auth, services }) => createUser(services.db, auth, body));
  r.route(usersApi.update, ({ body, auth, services }) => updateUser(services.db, auth, body));
  r.route(usersApi.delete, async ({ query, auth, services }) => {
    await deleteUser(services.db, auth, query.user_id);
    return { ok: true };
  });
  r.route(usersApi.password, ({ body, auth, services }) => setUserPassword(services.db, auth, body));
  r.route(usersApi.isActive, ({ body, auth, services }) => setActive(services.db, auth, body));
  r.route(usersApi.info, ({ query, auth, services }) => userInfo(services.db, auth, query.user_id));
  listRoute(r, rolesApi.list, {
    spec: roleList,
    scope: roleScope,
    sheet: 'Roles',
    columns: [
      { key: 'name', header: 'Name', width: 20 },
      { key: 'description', header: 'Description', width: 50 },
    ],
  });
  r.route(franchiseUsersApi.current, ({ auth, services }) => currentUser(services.db, auth));
  listRoute(r, franchiseUsersApi.list, {
    spec: userList,
    scope: userScope,
    sheet: 'Franchise Users',
    columns: userColumns,
  });
  r.route(franchiseUsersApi.store, ({ body, auth, services }) => changeStore(services.db, auth, body));
  r.route(franchiseUsersApi.device, ({ body, auth, services }) => changeDevice(services.db, auth, body));
}
