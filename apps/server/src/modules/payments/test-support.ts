import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers.js';
import { pagePermissions } from '../access/schema.js';
import { salesPages } from '../sales/test-support/builders.js';

/** A store user of a franchise with every sales page at a level and, optionally, explicit button grants. */
export async function storeUser(t: TestApp, franchise: string, level: 'view' | 'edit', buttons: string[] = []) {
  const u = await t.makeUser({ role: 'Store Manager', customer_no: franchise, pages: salesPages(level) });
  if (buttons.length)
    await t.services.db
      .update(pagePermissions)
      .set({ permissions: buttons })
      .where(eq(pagePermissions.name, `perm-${u.username}`));
  return u.client;
}
