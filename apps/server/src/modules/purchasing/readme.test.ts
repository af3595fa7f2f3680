import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { purchaseOrderMachine, type Machine } from '@fp/contract';

/** The README's diagram is the contract's machine: each transition one edge `from --> to : action`. */
function mermaidOf(m: Machine): string {
  const edges: string[] = [];
  for (const t of m.transitions)
    for (const from of t.from) {
      const ends = t.ends ?? [t.to === 'same' ? from : t.to];
      for (const to of ends) edges.push(`    ${from} --> ${to} : ${t.action}`);
    }
  return ['```mermaid', 'stateDiagram-v2', `    [*] --> ${m.statuses[0]}`, ...edges, '```'].join('\n');
}

describe('purchasing README', () => {
  it('shows the purchase order machine exactly as the contract table', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readme).toContain(mermaidOf(purchaseOrderMachine));
  });
});
