// The query keys the web's sources read and the ones their mutations refresh, found in the sources' text
// (query-keys.test.ts): every refresh must reach a query, else a screen misses a refresh (issue 23: the promotions
// panel refreshed 'sales-orders', which no query used). Node-only: the test reads the files; the app never imports it.

/** Where a key was written: file and line. */
export type KeyUse = { area: string; second?: string; at: string };

export type KeyScan = {
  /** The areas (and second elements) the queries read. */
  queries: KeyUse[];
  /** The areas (and second elements) the invalidations refresh. */
  invalidations: KeyUse[];
  /** Query keys or invalidations written as raw arrays instead of through `qk` (one scheme). */
  raw: KeyUse[];
};

const STRING = /^'([^']*)'$/;

/**
 * Scans source files (path → text) for query keys and invalidations. Names of constants (`const SALES_AREA =
 * 'salesOrders'`) are resolved in the file first, then across the sources; the `xHooks` of api/areas.ts by their area.
 */
export function scanKeys(files: Record<string, string>): KeyScan {
  const globalConsts = new Map<string, Set<string>>();
  const fileConsts = new Map<string, Map<string, string>>();
  const hooks = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) {
    const own = new Map<string, string>();
    for (const m of text.matchAll(/(?:export )?const (\w+) = '([^']+)'/g)) {
      own.set(m[1], m[2]);
      globalConsts.set(m[1], (globalConsts.get(m[1]) ?? new Set()).add(m[2]));
    }
    fileConsts.set(path, own);
    for (const m of text.matchAll(/export const (\w+) = areaHooks\('(\w+)'\)/g)) hooks.set(m[1], m[2]);
  }
  /** The values an expression (a literal or a constant's name) may have. */
  const values = (path: string, expr: string): string[] => {
    const e = expr.trim();
    const lit = STRING.exec(e);
    if (lit) return [lit[1]];
    const own = fileConsts.get(path)?.get(e);
    if (own) return [own];
    return [...(globalConsts.get(e) ?? [])];
  };
  const queries: KeyUse[] = [];
  const invalidations: KeyUse[] = [];
  const raw: KeyUse[] = [];

  for (const [path, text] of Object.entries(files)) {
    const lineOf = (index: number) => `${path}:${text.slice(0, index).split('\n').length}`;
    const add = (to: KeyUse[], path: string, expr: string, index: number, second?: string) => {
      for (const area of values(path, expr)) to.push({ area, second, at: lineOf(index) });
    };
    // Queries: an operation's answer, a list, one row, a named read, the session and the configuration.
    for (const m of text.matchAll(/qk\.op\('(\w+)\.(\w+)'/g))
      queries.push({ area: m[1], second: `${m[1]}.${m[2]}`, at: lineOf(m.index) });
    for (const m of text.matchAll(/qk\.(list|one)\(([\w']+)/g)) add(queries, path, m[2], m.index, m[1]);
    for (const m of text.matchAll(/qk\.other\(([\w']+),\s*([^,)]+)/g)) {
      const names = values(path, m[2]);
      add(queries, path, m[1], m.index, names.length === 1 ? names[0] : undefined);
    }
    for (const m of text.matchAll(/useOp\('(\w+)\.(\w+)'/g))
      queries.push({ area: m[1], second: `${m[1]}.${m[2]}`, at: lineOf(m.index) });
    for (const m of text.matchAll(/get: '(\w+)\.(\w+)'/g))
      queries.push({ area: m[1], second: `${m[1]}.${m[2]}`, at: lineOf(m.index) });
    for (const m of text.matchAll(/\barea=\{(\w+)\}|\barea="(\w+)"/g))
      add(queries, path, m[1] ?? `'${m[2]}'`, m.index, 'list');
    for (const m of text.matchAll(/(\w+Hooks)\.useQuery\(\s*'(\w+)'/g)) {
      const area = hooks.get(m[1]);
      if (area) queries.push({ area, second: `${area}.${m[2]}`, at: lineOf(m.index) });
    }
    if (/qk\.me\b/.test(text)) queries.push({ area: 'auth', second: 'me', at: path });
    if (/qk\.config\b/.test(text)) queries.push({ area: 'config', at: path });

    // Invalidations: a mutation's areas, an area, the lists of an area, what a document's action also changes.
    for (const m of text.matchAll(/invalidates: \[([^\]]*)\]/g))
      for (const part of m[1].split(',').filter((p) => p.trim()))
        add(invalidations, path, part.replace(/ as const$/, ''), m.index);
    for (const m of text.matchAll(/alsoChanges: \[([^\]]*)\]/g))
      for (const part of m[1].split(',').filter((p) => p.trim())) add(invalidations, path, part, m.index);
    for (const m of text.matchAll(/qk\.area\(([\w']+)\)/g)) add(invalidations, path, m[1], m.index);
    for (const m of text.matchAll(/qk\.lists\(([\w']+)\)/g)) add(invalidations, path, m[1], m.index, 'list');
    for (const m of text.matchAll(/(\w+Hooks)\.useMutation\(/g)) {
      const area = hooks.get(m[1]);
      if (area) invalidations.push({ area, at: lineOf(m.index) });
    }
    for (const m of text.matchAll(/useOpMutation\('(\w+)\./g)) invalidations.push({ area: m[1], at: lineOf(m.index) });

    // One scheme: no key written as an array literal.
    for (const m of text.matchAll(/queryKey: \[/g)) raw.push({ area: '?', at: lineOf(m.index) });
  }
  return { queries, invalidations, raw };
}

/** The invalidations that refresh no query: no query of their area (and second element, when they name one). */
export function unmatched(scan: KeyScan): KeyUse[] {
  return scan.invalidations.filter(
    (i) =>
      !scan.queries.some(
        (q) => q.area === i.area && (i.second === undefined || q.second === undefined || q.second === i.second),
      ),
  );
}
