import { describe, expect, it } from 'vitest';
import { operations, operation, opUrl, type OpMeta, type OperationName } from './ops/index.js';
import { operationSchemas } from './api/index.js';
import { pageByUrl } from './pages.js';

const all = Object.values(operations).flatMap((area) => Object.values(area as Record<string, OpMeta>));

describe('the operation table', () => {
  it('gives every operation both meta and schemas, under the same names', () => {
    expect(Object.keys(operationSchemas).sort()).toEqual(Object.keys(operations).sort());
    for (const [area, metas] of Object.entries(operations)) {
      const schemas = operationSchemas[area as keyof typeof operationSchemas] as Record<string, unknown>;
      expect(Object.keys(schemas).sort(), area).toEqual(Object.keys(metas).sort());
    }
  });

  it('names each operation <area>.<key>', () => {
    for (const [area, metas] of Object.entries(operations)) {
      for (const [key, meta] of Object.entries(metas as Record<string, OpMeta>)) {
        expect(meta.name).toBe(`${area}.${key}`);
        expect(operation(meta.name as OperationName)).toBe(meta);
      }
    }
  });

  it('has one operation per method and path (a list also owns its /export)', () => {
    const seen = new Map<string, string>();
    for (const op of all) {
      const keys = [`${op.method} ${op.path}`, ...(op.kind === 'list' ? [`POST ${op.path}/export`] : [])];
      for (const key of keys) {
        expect(seen.get(key), `${key}: ${op.name} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, op.name);
      }
    }
    expect(seen.size).toBeGreaterThan(140);
  });

  it('names only pages of the route table in access', () => {
    for (const op of all) {
      if (typeof op.access === 'string') continue;
      const pages = typeof op.access.page === 'string' ? [op.access.page] : op.access.page;
      for (const page of pages) expect(pageByUrl.has(page), `${op.name}: ${page} is not in pages.ts`).toBe(true);
    }
  });

  it('lists take a body and answer items; creates answer 201', () => {
    for (const op of all) {
      if (op.kind === 'list') expect(op.method, op.name).toBe('POST');
      if (op.idempotent) expect(op.method, op.name).toBe('POST');
    }
  });

  it('fills path parameters URI-encoded and refuses a missing one', () => {
    expect(opUrl(operations.items.get, { item_no: 'A/1 b' })).toBe('/api/items/A%2F1%20b');
    expect(() => opUrl(operations.items.get, {})).toThrow(/item_no/);
  });
});
