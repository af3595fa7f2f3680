import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionLists } from './constants';

// Every value of an option list shown to users has its label in the web's en.json (options.<list>.<value>).
const en = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../apps/web/src/i18n/en.json'), 'utf8'),
) as { options?: Record<string, Record<string, string>> };

describe('option lists', () => {
  it('have a label for every value', () => {
    const missing = Object.entries(optionLists).flatMap(([list, values]) =>
      (values as readonly string[]).filter((v) => !en.options?.[list]?.[v]?.trim()).map((v) => `options.${list}.${v}`),
    );
    expect(missing).toEqual([]);
  });
  it('label no value that is not in the list', () => {
    const extra = Object.entries(en.options ?? {}).flatMap(([list, labels]) =>
      Object.keys(labels)
        .filter((v) => !((optionLists as Record<string, readonly string[]>)[list] ?? []).includes(v))
        .map((v) => `options.${list}.${v}`),
    );
    expect(extra).toEqual([]);
  });
});
