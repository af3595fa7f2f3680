import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from './index.js';
import { opRoutes } from './routes.gen.js';
import { renderWebRoutes } from './web-routes.js';

describe('the web client route table', () => {
  it('is the operation table reduced to method and path (run `npm run gen:routes` after changing an operation)', () => {
    const written = fs.readFileSync(new URL('./routes.gen.ts', import.meta.url), 'utf8');
    expect(written).toBe(renderWebRoutes());
  });

  it('holds every operation once', () => {
    const names = Object.values(operations).flatMap((area) =>
      Object.values(area).map((m) => (m as { name: string }).name),
    );
    expect(Object.keys(opRoutes).sort()).toEqual(names.sort());
  });
});
