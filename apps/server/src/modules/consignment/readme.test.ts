import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consignmentIssueMachine, transferOrderMachine, type Machine } from '@fp/contract';

/** The README's diagrams are the machines: each transition one edge `from --> to : action` (as sales/readme.test.ts). */
export function mermaidOf(m: Machine): string {
  const edges: string[] = [];
  for (const t of m.transitions)
    for (const from of t.from) {
      const ends = t.ends ?? [t.to === 'same' ? from : t.to];
      for (const to of ends) edges.push(`    ${from} --> ${to} : ${t.action}`);
    }
  return ['```mermaid', 'stateDiagram-v2', `    [*] --> ${m.statuses[0]}`, ...edges, '```'].join('\n');
}

describe('module README', () => {
  it('shows the consignment issue and transfer order machines exactly as the code has them', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readme).toContain(mermaidOf(consignmentIssueMachine));
    expect(readme).toContain(mermaidOf(transferOrderMachine));
  });
});
