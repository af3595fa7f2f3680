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
  roleFilter,
  setActive,
  setUserPassword,
  updateUser,
  userInfo,
  userList,
} from './service.js';
import { unscoped } from '../../http/scope.js';
import { users } from '../auth/schema.js';

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
    // Store users see and change only the users of their own franchise.
    scope: (s) => s.franchise(users.customer_no),
    sheet: 'Users',
    columns: userColumns,
  });
  r.route(usersApi.create, ({ body, auth, services }) => services.db.transaction((tx) => createUser(tx, auth, body)));
  r.route(usersApi.update, ({ body, auth, services }) => services.db.transaction((tx) => updateUser(tx, auth, body)));
  r.route(usersApi.delete, async ({ query, auth, services }) => {
    await services.db.transaction((tx) => deleteUser(tx, auth, query.user_id));
    return { ok: true };
  });
  r.route(usersApi.password, ({ body, auth, services }) =>
    services.db.transaction((tx) => setUserPassword(tx, auth, body)),
  );
  r.route(usersApi.isActive, ({ body, auth, services }) => services.db.transaction((tx) => setActive(tx, auth, body)));
  r.route(usersApi.info, ({ query, auth, services }) => userInfo(services.db, auth, query.user_id));
  listRoute(r, rolesApi.list, {
    spec: roleList,
    scope: unscoped('roles: the same for every franchise'),
    where: roleFilter,
    sheet: 'Roles',
    columns: [
      { key: 'name', header: 'Name', width: 20 },
      { key: 'description', header: 'Description', width: 50 },
    ],
  });
  r.route(franchiseUsersApi.current, ({ auth, services }) => currentUser(services.db, auth));
  listRoute(r, franchiseUsersApi.list, {
    spec: userList,
    // Store users see and change only the users of their own franchise.
    scope: (s) => s.franchise(users.customer_no),
    sheet: 'Franchise Users',
    columns: userColumns,
  });
  r.route(franchiseUsersApi.store, ({ body, auth, services }) =>
    services.db.transaction((tx) => changeStore(tx, auth, body)),
  );
  r.route(franchiseUsersApi.device, ({ body, auth, services }) =>
    services.db.transaction((tx) => changeDevice(tx, auth, body)),
  );
}
