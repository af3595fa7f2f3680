import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '@fp/contract/ops/index';
import { scanKeys, unmatched } from './query-keys';

const SRC = join(__dirname, '..');

function sources(dir: string, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('query-keys'))
      out[relative(SRC, path)] = readFileSync(path, 'utf8');
  }
  return out;
}

describe('one query-key scheme (issue 23)', () => {
  const scan = scanKeys(sources(SRC));
  const areas = new Set(Object.keys(operations));

  it('finds the queries and invalidations of the screens', () => {
    // The scan reads the sources it should: the document screens' reads and the mutations' refreshes.
    expect(scan.queries.some((q) => q.second === 'salesOrders.get')).toBe(true);
    expect(scan.queries.some((q) => q.second === 'cancelReasons.list')).toBe(true);
    expect(scan.invalidations.some((i) => i.area === 'cancelReasons')).toBe(true);
  });

  it('every key starts with an area of the operation table', () => {
    const foreign = [...scan.queries, ...scan.invalidations].filter((k) => !areas.has(k.area));
    expect(foreign).toEqual([]);
  });

  it('every invalidation matches a query key', () => {
    expect(unmatched(scan)).toEqual([]);
  });

  it('keys come from qk, never written as arrays', () => {
    expect(scan.raw).toEqual([]);
  });

  it('an invalidation of an area no query reads is found', () => {
    const bad = scanKeys({
      'panel.tsx': "useApiMutation({ fn, invalidates: ['sales-orders'] });",
      'dialog.tsx': "useQuery({ queryKey: qk.op('cancelReasons.list', { page }) });",
      'page.tsx': "const AREA = 'cancel-reasons';\nuseApiMutation({ fn, invalidates: [AREA] });\nqk.other(AREA, 'x');",
    });
    expect(unmatched(bad).map((u) => u.area)).toEqual(['sales-orders']);
    const raw = scanKeys({ 'a.tsx': "useQuery({ queryKey: ['fees', 'active'], queryFn })" });
    expect(raw.raw).toHaveLength(1);
  });
});
