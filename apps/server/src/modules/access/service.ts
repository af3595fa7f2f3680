import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageStructure, PageStructureListItem, pageStructureCreate, pageStructureUpdate } from '@fp/contract';
import { pageByUrl } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { businessRule, conflict, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { pagePermissions, pageStructures } from './schema.js';
import { rowByKey } from '../../db/prepared.js';

const pageStructuresById = rowByKey(pageStructures, pageStructures.id);

// Page structure (product.md 3, calls.md 7.15): per page, its buttons, fields and filters.

type Row = typeof pageStructures.$inferSelect;
const columns = getTableColumns(pageStructures);

export const pageStructureList: ListSpec<Row, PageStructureListItem> = {
  source: (db, extra) =>
    db
      .select({ ...columns, ...extra })
      .from(pageStructures)
      .$dynamic(),
  fields: {
    id: pageStructures.id,
    page_url: pageStructures.page_url,
    page_name: pageStructures.page_name,
    updated_at: pageStructures.updated_at,
  },
  filterable: ['id', 'page_url', 'page_name'],
  sortable: ['id', 'page_url', 'page_name', 'updated_at'],
  defaultSort: { field: 'page_url', direction: 'asc' },
  key: pageStructures.id,
  map: (r) => ({
    ...r,
    buttons_count: r.buttons.length,
    fields_count: r.fields.length,
    filters_count: r.filters.length,
  }),
};

export async function getPageStructure(db: DbOrTx, id: number): Promise<PageStructure> {
  const row = await pageStructuresById(db, id);
  if (!row) throw notFound('Page structure');
  return row;
}

async function assertUrlFree(db: DbOrTx, pageUrl: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: pageStructures.id })
    .from(pageStructures)
    .where(eq(pageStructures.page_url, pageUrl));
  if (dup && dup.id !== exceptId) throw conflict(`Page URL ${pageUrl} already exists`, 'duplicate', 'page_url');
}

/** Screens of the application (packages/contract pages.ts) are re-registered at every start: they keep their url. */
const isRegistered = (pageUrl: string) => pageByUrl.has(pageUrl);

export async function createPageStructure(
  db: DbOrTx,
  input: z.output<typeof pageStructureCreate>,
): Promise<PageStructure> {
  await assertUrlFree(db, input.page_url);
  const [row] = await db.insert(pageStructures).values(input).onConflictDoNothing().returning();
  if (!row) throw conflict(`Page URL ${input.page_url} already exists`, 'duplicate', 'page_url');
  return row;
}

/** Updates a structure; a new url or removed buttons carry over to the page permissions in the same transaction. */
export async function updatePageStructure(
  tx: Tx,
  id: number,
  input: z.output<typeof pageStructureUpdate>,
): Promise<PageStructure> {
  const { version, ...values } = input;
  const current = await getPageStructure(tx, id);
  const newUrl = values.page_url ?? current.page_url;
  if (newUrl !== current.page_url) {
    if (isRegistered(current.page_url)) {
      throw businessRule(
        `${current.page_url} is a screen of the application; its page_url cannot change`,
        'registered_page',
        'page_url',
      );
    }
    await assertUrlFree(tx, newUrl, id);
  }
  const where = and(eq(pageStructures.id, id), eq(pageStructures.version, version));
  const [row] = await tx
    .update(pageStructures)
    .set({ ...values, ...bump(pageStructures.version) })
    .where(where)
    .returning();
  if (!row) return explainMissedUpdate(tx, getTableName(pageStructures), eq(pageStructures.id, id), 'Page structure');
  await carryOverToPermissions(tx, current.page_url, row.page_url, row.buttons);
  return row;
}

/** Permissions that name the page follow a url change and drop button grants for buttons that no longer exist. */
async function carryOverToPermissions(tx: DbOrTx, oldUrl: string, newUrl: string, buttons: string[]) {
  const users = await permissionsUsing(tx, oldUrl);
  const prefix = `${oldUrl}#`;
  for (const p of users) {
    const pages = p.pages.map((g) => (g.page_url === oldUrl ? { ...g, page_url: newUrl } : g));
    const permissions = p.permissions
      .filter((b) => !b.startsWith(prefix) || buttons.includes(b.slice(prefix.length)))
      .map((b) => (b.startsWith(prefix) ? `${newUrl}#${b.slice(prefix.length)}` : b));
    const changed = newUrl !== oldUrl || permissions.length !== p.permissions.length;
    if (changed)
      await tx
        .update(pagePermissions)
        .set({ pages, permissions, ...bump(pagePermissions.version) })
        .where(eq(pagePermissions.id, p.id));
  }
}

/** The page permissions whose pages name a url. */
export function permissionsUsing(db: DbOrTx, pageUrl: string) {
  return db
    .select({
      id: pagePermissions.id,
      name: pagePermissions.name,
      pages: pagePermissions.pages,
      permissions: pagePermissions.permissions,
    })
    .from(pagePermissions)
    .where(sql`${pagePermissions.pages} @> ${JSON.stringify([{ page_url: pageUrl }])}::jsonb`);
}

export async function deletePageStructure(tx: Tx, id: number): Promise<void> {
  const current = await getPageStructure(tx, id);
  if (isRegistered(current.page_url)) {
    throw businessRule(`${current.page_url} is a screen of the application and cannot be deleted`, 'registered_page');
  }
  const using = await permissionsUsing(tx, current.page_url);
  if (using.length) {
    const names = using.map((p) => p.name).join(', ');
    throw conflict(
      `Page structure ${current.page_url} is used by page permission ${names}; remove it there first`,
      'in_use',
    );
  }
  await tx.delete(pageStructures).where(eq(pageStructures.id, id));
}
