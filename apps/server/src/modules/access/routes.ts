import { pageStructuresApi, pagePermissionsApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import {
  createPageStructure,
  deletePageStructure,
  getPageStructure,
  pageStructureList,
  updatePageStructure,
} from './service.js';
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
import { unscoped } from '../../http/scope.js';
import { users } from '../auth/schema.js';

// The list and detail screens of each family share its operations; the permission editor also reads the structures.

export function accessRoutes(r: Router) {
  listRoute(r, pageStructuresApi.list, {
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
  r.route(pageStructuresApi.get, ({ params, services }) => getPageStructure(services.db, params.id));
  r.route(pageStructuresApi.create, ({ body, services }) => createPageStructure(services.db, body));
  r.route(pageStructuresApi.update, ({ params, body, services }) =>
    services.db.transaction((tx) => updatePageStructure(tx, params.id, body)),
  );
  r.route(pageStructuresApi.delete, async ({ params, services }) => {
    await services.db.transaction((tx) => deletePageStructure(tx, params.id));
    return { ok: true };
  });

  listRoute(r, pagePermissionsApi.list, {
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
  listRoute(r, pagePermissionsApi.assignableUsersList, {
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
  r.route(pagePermissionsApi.get, ({ params, auth, services }) =>
    getPagePermission(services.db, params.id, auth.scope),
  );
  r.route(pagePermissionsApi.create, ({ body, auth, services }) =>
    services.db.transaction((tx) => createPagePermission(tx, auth, body)),
  );
  r.route(pagePermissionsApi.update, ({ params, body, auth, services }) =>
    services.db.transaction((tx) => updatePagePermission(tx, auth, params.id, body)),
  );
  r.route(pagePermissionsApi.delete, async ({ params, auth, services }) => {
    await services.db.transaction((tx) => deletePagePermission(tx, auth, params.id));
    return { ok: true };
  });
  r.route(pagePermissionsApi.user, ({ body, auth, services }) =>
    services.db.transaction((tx) => assignPermission(tx, auth, body)),
  );
  r.route(pagePermissionsApi.usersBulk, ({ body, auth, services }) =>
    services.db.transaction((tx) => assignPermissionBulk(tx, auth, body)),
  );
  r.route(pagePermissionsApi.users, ({ params, auth, services }) => usersOfPermission(services.db, auth, params.id));
}
