import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { makeFranchise, makeItem, uniq } from '../items/test-support/builders.js';

const ctx = useTestApp();
type Node = {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  sort: number;
  item_count: number;
  version: number;
  children: Node[];
};

describe('categories', () => {
  it('builds a two-level tree with item counts, updates with the version and removes empty nodes', async () => {
    const admin = await ctx.t.admin();
    const food = await admin.post<Node>('/api/categories', { code: 'thuc-pham', name: 'Thực phẩm', sort: 2 });
    expect(food.statusCode).toBe(201);
    expect(food.data).toMatchObject({ code: 'THUC-PHAM', parent_id: null, item_count: 0 });
    const drinks = await admin.post<Node>('/api/categories', { code: 'do-uong', name: 'Đồ uống', sort: 1 });
    const sauce = await admin.post<Node>('/api/categories', {
      code: 'gia-vi',
      name: 'Gia vị',
      parent_id: food.data.id,
    });
    await makeItem(admin, { category_id: sauce.data.id });
    await makeItem(admin, { category_id: sauce.data.id });
    await makeItem(admin, { category_id: food.data.id });

    const tree = await admin.get<Node[]>('/api/categories');
    expect(tree.statusCode).toBe(200);
    expect(tree.data.map((n) => n.code)).toEqual(['DO-UONG', 'THUC-PHAM']);
    const foodNode = tree.data[1];
    expect(foodNode.item_count).toBe(3);
    expect(foodNode.children.map((c) => [c.code, c.item_count])).toEqual([['GIA-VI', 2]]);

    const upd = await admin.put<Node>('/api/categories', {
      id: drinks.data.id,
      version: drinks.data.version,
      name: 'Nước giải khát',
    });
    expect(upd.data).toMatchObject({ name: 'Nước giải khát', version: drinks.data.version + 1 });
    const stale = await admin.put('/api/categories', { id: drinks.data.id, version: drinks.data.version, name: 'x' });
    expect(stale.statusCode).toBe(409);
    expect((await admin.put('/api/categories', { id: 999999, version: 1, name: 'x' })).statusCode).toBe(404);

    // Refused while it holds items (its own and its sub-categories'), saying how many; nothing is removed.
    const held = await admin.post('/api/categories/remove', { id: food.data.id });
    expect(held.statusCode).toBe(422);
    expect(held.envelope.errors[0]).toMatchObject({
      code: 'category_has_items',
      msg: 'Category Thực phẩm still holds 3 items; move them to another category first',
    });
    const heldSub = await admin.post('/api/categories/remove', { ids: [sauce.data.id] });
    expect(heldSub.envelope.errors[0].msg).toBe(
      'Category Gia vị still holds 2 items; move them to another category first',
    );
    expect((await admin.get<Node[]>('/api/categories')).data.length).toBe(2);

    const emptyParent = await admin.post<Node>('/api/categories', { code: uniq('P'), name: 'Gia dụng' });
    const emptySub = await admin.post<Node>('/api/categories', {
      code: uniq('S'),
      name: 'Nhà bếp',
      parent_id: emptyParent.data.id,
    });
    const withChild = await admin.post('/api/categories/remove', { id: emptyParent.data.id });
    expect(withChild.statusCode).toBe(422);
    expect(withChild.envelope.errors[0].msg).toBe('Category Gia dụng still has 1 sub-category; remove them first');
    expect((await admin.post('/api/categories/remove', { ids: [emptyParent.data.id, emptySub.data.id] })).data).toEqual(
      { removed: 2 },
    );
    expect((await admin.post('/api/categories/remove', { id: drinks.data.id })).data).toEqual({ removed: 1 });
    expect((await admin.post('/api/categories/remove', { id: drinks.data.id })).statusCode).toBe(404);
  });

  it('names bad input: required fields, duplicate code, a third level', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/categories', { code: '', name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors.map((e) => [e.field, e.msg])).toEqual([
      ['code', 'This is required field!'],
      ['name', 'This is required field!'],
    ]);
    const top = await admin.post<Node>('/api/categories', { code: uniq('T'), name: 'Top' });
    const sub = await admin.post<Node>('/api/categories', { code: uniq('S'), name: 'Sub', parent_id: top.data.id });
    const third = await admin.post('/api/categories', { code: uniq('X'), name: 'Third', parent_id: sub.data.id });
    expect(third.statusCode).toBe(400);
    expect(third.envelope.errors[0]).toMatchObject({
      field: 'parent_id',
      msg: 'parent_id must name a top-level category (the tree has two levels)',
    });
    const dup = await admin.post('/api/categories', { code: top.data.code, name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0].field).toBe('code');
    expect((await admin.post('/api/categories/remove', {})).envelope.errors[0]).toMatchObject({
      field: 'id',
      msg: 'This is required field!',
    });
  });

  it('lets tablet users browse and only head office edit', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const tablet = await ctx.t.makeUser({
      customer_no: f,
      pages: [{ page_url: '/tablet/category', permission_type: 'view' }],
    });
    const store = await ctx.t.makeUser({ customer_no: f, pages: [{ page_url: '/items', permission_type: 'edit' }] });
    const before = (await admin.get<Node[]>('/api/categories')).data.length;
    expect((await tablet.client.get('/api/categories')).statusCode).toBe(200);
    expect((await tablet.client.post('/api/categories', { code: uniq('N'), name: 'n' })).statusCode).toBe(403);
    expect((await store.client.post('/api/categories', { code: uniq('N'), name: 'n' })).statusCode).toBe(403);
    expect((await (await ctx.t.makeUser({})).client.get('/api/categories')).statusCode).toBe(403);
    expect((await ctx.t.anon.get('/api/categories')).statusCode).toBe(401);
    expect((await admin.get<Node[]>('/api/categories')).data.length).toBe(before);
  });
});
