import { describe, expect, it } from 'vitest';
import { exportPath, operations, type OpMeta } from '@fp/contract';
import { useTestApp } from './helpers.js';

const ctx = useTestApp();

describe('routes from the operation table', () => {
  it('registers every operation of the contract, and every route but the compatibility proxy comes from one', () => {
    const routes = ctx.t.router.routes;
    const registered = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const area of Object.values(operations)) {
      for (const op of Object.values(area as Record<string, OpMeta>)) {
        const url = (p: string) => (p.startsWith('/builds/') ? p : `/api${p}`);
        const route = registered.get(`${op.method} ${url(op.path)}`);
        expect(route?.name, `${op.name} is not registered`).toBe(op.name);
        expect(route?.access).toEqual(op.access);
        if (op.kind === 'list') expect(registered.get(`POST ${url(exportPath(op))}`)?.name).toBe(`${op.name}Export`);
      }
    }
    expect(routes.filter((r) => !r.name).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/proxy']);
  });

  it('calls an operation with its typed input from a test client', async () => {
    const admin = await ctx.t.admin();
    const created = await admin.op('cancelReasons.create', {
      body: { reason_code: 'typed', description: 'From the table', page: '/salesOrders' },
    });
    expect(created.statusCode).toBe(201);
    const read = await admin.op('cancelReasons.get', { params: { id: created.data.id } });
    expect(read.data.reason_code).toBe('TYPED');
  });
});
