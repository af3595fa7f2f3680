import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A person's display name in SQL, for lists that sort and filter by it: the contract's `displayName` (family name
 * first: firstname, then lastname; the username when both are empty), written once for the database. Code that
 * has the row in JS calls `displayName` from @fp/contract instead.
 */
export const displayNameSql = (u: { firstname: AnyColumn; lastname: AnyColumn; username: AnyColumn }): SQL<string> =>
  sql<string>`coalesce(nullif(concat_ws(' ', nullif(trim(${u.firstname}), ''), nullif(trim(${u.lastname}), '')), ''), ${u.username}, '')`;
