import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { salesOrderMachine, salesQuoteMachine, type Machine } from '@fp/contract';

/**
 * The README's diagrams are the machines of the contract: each transition is one edge `from --> to : action`
 * (`same` keeps the status: an edge back to itself; a posting that may end elsewhere has an edge to each end).
 */
function mermaidOf(m: Machine): string {
  const edges: string[] = [];
  for (const t of m.transitions)
    for (const from of t.from) {
      const ends = t.ends ?? [t.to === 'same' ? from : t.to];
      for (const to of ends) edges.push(`    ${from} --> ${to} : ${t.action}`);
    }
  return ['```mermaid', 'stateDiagram-v2', `    [*] --> ${m.statuses[0]}`, ...edges, '```'].join('\n');
}

describe('module README', () => {
  it('shows both machines exactly as the contract tables', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readme).toContain(mermaidOf(salesOrderMachine));
    expect(readme).toContain(mermaidOf(salesQuoteMachine));
  });
});
