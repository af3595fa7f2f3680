import {
  changeDeviceBody,
  changeStoreBody,
  currentUser as currentUserSchema,
  role,
  setActiveBody,
  setActiveResult,
  setPasswordBody,
  user,
  userCreate,
  userIdQuery,
  userInfo as userInfoSchema,
  userUpdate,
} from '../users.js';
import { okData } from '../common.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { usersOps, rolesOps, franchiseUsersOps } from '../ops/users.js';

/** users: the schemas of each operation, keyed like usersOps. */
export const usersSchemas = {
  list: { item: user },
  create: { body: userCreate, response: user },
  update: { body: userUpdate, response: user },
  delete: { query: userIdQuery, response: okData },
  password: { body: setPasswordBody, response: user },
  isActive: { body: setActiveBody, response: setActiveResult },
  info: { query: userIdQuery, response: userInfoSchema },
} satisfies SchemasOf<typeof usersOps>;

/** users: meta and schemas of each operation, as the server registers them. */
export const usersApi = joinOps(usersOps, usersSchemas);

/** roles: the schemas of each operation, keyed like rolesOps. */
export const rolesSchemas = {
  list: { item: role },
} satisfies SchemasOf<typeof rolesOps>;

/** roles: meta and schemas of each operation, as the server registers them. */
export const rolesApi = joinOps(rolesOps, rolesSchemas);

/** franchiseUsers: the schemas of each operation, keyed like franchiseUsersOps. */
export const franchiseUsersSchemas = {
  current: { response: currentUserSchema },
  list: { item: user },
  store: { body: changeStoreBody, response: user },
  device: { body: changeDeviceBody, response: user },
} satisfies SchemasOf<typeof franchiseUsersOps>;

/** franchiseUsers: meta and schemas of each operation, as the server registers them. */
export const franchiseUsersApi = joinOps(franchiseUsersOps, franchiseUsersSchemas);
