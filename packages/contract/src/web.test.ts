import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as full from './index.js';
import * as web from './web.js';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Runtime imports of a source file (type-only imports and exports vanish from the build). */
function runtimeImports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (!m[1]) specs.push(m[2]);
  }
  return specs;
}

describe('@fp/contract/web', () => {
  it('imports nothing that imports zod, directly or through another contract file', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        if (spec === 'zod' || spec.startsWith('zod/')) offenders.push(path.basename(file));
        if (spec.startsWith('.')) walk(path.join(here, spec.replace(/\.js$/, '.ts')));
      }
    };
    walk(path.join(here, 'web.ts'));
    expect(seen.size).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });

  it('exports the same values as the full contract under the same names', () => {
    for (const [name, value] of Object.entries(web)) expect(full[name as keyof typeof full], name).toBe(value);
  });
});
