import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { CategoryCreate, CategoryNode, CategoryTreeNode, CategoryUpdate } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { badRequest, businessRule, conflict, notFound } from '../../http/errors.js';
import { items } from '../items/schema.js';
import { categories } from './schema.js';

// Spelled out: drizzle leaves columns unqualified in a single-table select, which would bind to the inner tables.
const direct = sql<number>`(select count(*)::int from ${items} i where i.category_id = "categories"."id")`;
const withSubs = sql<number>`(select count(*)::int from ${items} i join ${categories} c2 on c2.id = i.category_id where c2.parent_id = "categories"."id")`;

/** The tree: categories in sort order, each with its sub-categories; counts include the sub-categories' items. */
export async function categoryTree(db: DbOrTx): Promise<CategoryTreeNode[]> {
  const rows = await db
    .select({
      id: categories.id,
      code: categories.code,
      name: categories.name,
      parent_id: categories.parent_id,
      sort: categories.sort,
      version: categories.version,
      updated_at: categories.updated_at,
      direct,
      sub: withSubs,
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.name));
  const node = (r: (typeof rows)[number]): CategoryNode => ({
    id: r.id,
    code: r.code,
    name: r.name,
    parent_id: r.parent_id,
    sort: r.sort,
    version: r.version,
    updated_at: r.updated_at,
    item_count: Number(r.direct) + Number(r.sub),
  });
  return rows
    .filter((r) => r.parent_id === null)
    .map((r) => ({ ...node(r), children: rows.filter((c) => c.parent_id === r.id).map(node) }));
}

async function getNode(db: DbOrTx, id: number): Promise<CategoryNode> {
  const tree = await categoryTree(db);
  for (const c of tree) {
    if (c.id === id) return { ...c, children: undefined } as unknown as CategoryNode;
    const sub = c.children.find((s) => s.id === id);
    if (sub) return sub;
  }
  throw notFound('Category');
}

async function assertParent(db: DbOrTx, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  if (parentId === selfId) throw badRequest('A category cannot be its own parent', 'parent_id');
  const [p] = await db.select({ parent_id: categories.parent_id }).from(categories).where(eq(categories.id, parentId));
  if (!p) throw badRequest(`Category ${parentId} does not exist`, 'parent_id');
  if (p.parent_id !== null)
    throw badRequest('parent_id must name a top-level category (the tree has two levels)', 'parent_id');
  if (selfId !== undefined) {
    const [child] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parent_id, selfId))
      .limit(1);
    if (child) throw badRequest('A category with sub-categories cannot become a sub-category', 'parent_id');
  }
}

async function assertCodeFree(db: DbOrTx, code: string, selfId?: number) {
  const [dup] = await db.select({ id: categories.id }).from(categories).where(eq(categories.code, code));
  if (dup && dup.id !== selfId) throw conflict(`Category code ${code} already exists`, 'duplicate', 'code');
}

export async function createCategory(db: DbOrTx, input: CategoryCreate): Promise<CategoryNode> {
  await assertParent(db, input.parent_id);
  await assertCodeFree(db, input.code);
  const [row] = await db.insert(categories).values(input).returning({ id: categories.id });
  return getNode(db, row.id);
}

export async function updateCategory(db: DbOrTx, input: CategoryUpdate): Promise<CategoryNode> {
  const { id, version, ...values } = input;
  const [current] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!current) throw notFound('Category');
  if (values.parent_id !== undefined) await assertParent(db, values.parent_id, id);
  if (values.code) await assertCodeFree(db, values.code, id);
  const [row] = await db
    .update(categories)
    .set({ ...values, ...bump(categories.version) })
    .where(and(eq(categories.id, id), eq(categories.version, version)))
    .returning({ id: categories.id });
  if (!row) await explainMissedUpdate(db, getTableName(categories), eq(categories.id, id), 'Category');
  return getNode(db, id);
}

/** Removing a category that still holds items (itself or its sub-categories) or sub-categories is refused. */
export async function removeCategories(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: categories.id, name: categories.name, parent_id: categories.parent_id, direct, sub: withSubs })
    .from(categories)
    .where(inArray(categories.id, ids));
  if (rows.length !== ids.length) throw notFound('Category');
  for (const r of rows) {
    const held = Number(r.direct) + Number(r.sub);
    if (held > 0)
      throw businessRule(
        `Category ${r.name} still holds ${held} item${held === 1 ? '' : 's'}; move them to another category first`,
        'category_has_items',
        'id',
      );
  }
  const [child] = await tx
    .select({ id: categories.id, parent: categories.parent_id })
    .from(categories)
    .where(inArray(categories.parent_id, ids));
  const orphan = child && rows.find((r) => r.id === child.parent);
  if (orphan) {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(categories)
      .where(eq(categories.parent_id, orphan.id));
    if (!ids.includes(child.id))
      throw businessRule(
        `Category ${orphan.name} still has ${n} sub-categor${Number(n) === 1 ? 'y' : 'ies'}; remove them first`,
        'category_has_children',
        'id',
      );
  }
  // Sub-categories first, so a category removed together with its (empty) sub-categories goes too.
  await tx.delete(categories).where(and(inArray(categories.id, ids), sql`${categories.parent_id} is not null`));
  await tx.delete(categories).where(inArray(categories.id, ids));
  return { removed: rows.length };
}
