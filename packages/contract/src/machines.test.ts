import { describe, expect, it } from 'vitest';
import {
  actionForTarget,
  actionsFrom,
  notAllowedMessage,
  purchaseOrderFacts,
  purchaseOrderMachine,
  salesMachineOf,
  salesOrderMachine,
  salesQuoteMachine,
  type Machine,
} from './machines.js';
import { operations, type AreaName } from './ops/index.js';
import { cancelReasonPages } from './cancel-reasons.js';

const machines: Machine[] = [salesOrderMachine, salesQuoteMachine];

describe.each(machines.map((m) => [m.name, m] as const))('status machine %s', (_name, m) => {
  it('uses only its own statuses', () => {
    for (const t of m.transitions) {
      for (const s of t.from) expect(m.statuses).toContain(s);
      if (t.to !== 'same') expect(m.statuses).toContain(t.to);
      for (const s of t.ends ?? []) expect(m.statuses).toContain(s);
    }
  });

  it('sends every action with an operation of the table, confirmed by the user', () => {
    for (const t of m.transitions) {
      const [area, key] = t.op.split('.') as [AreaName, string];
      expect((operations[area] as Record<string, unknown>)[key], t.op).toBeDefined();
      expect(t.confirm.length).toBeGreaterThan(10);
      if (t.reasonPage) expect(cancelReasonPages).toContain(t.reasonPage);
    }
  });

  it('maps each status-call target to exactly one action', () => {
    const viaStatus = m.transitions.filter((t) => t.op.endsWith('.status'));
    for (const t of viaStatus) {
      expect(viaStatus.filter((o) => o.to === t.to)).toHaveLength(1);
      expect(actionForTarget(m, t.to as string)?.action).toBe(t.action);
    }
  });
});

describe('purchase order machine', () => {
  it('offers no reopen or cancel once head office shipped from the order: the facts the server refuses them by', () => {
    const offered = (lines: { qty_shipped: string }[], headOffice = false) =>
      actionsFrom(purchaseOrderMachine, 'released', { headOffice, facts: purchaseOrderFacts(lines) }).map(
        (t) => t.action,
      );
    expect(offered([{ qty_shipped: '0' }, { qty_shipped: '0.00000' }])).toEqual(['reopen', 'receive', 'cancel']);
    expect(offered([{ qty_shipped: '0' }, { qty_shipped: '2.00000' }])).toEqual(['receive']);
    expect(offered([{ qty_shipped: '2' }], true)).toEqual(['ship', 'receive']);
    // Without facts the table alone decides (the status).
    expect(actionsFrom(purchaseOrderMachine, 'released').map((t) => t.action)).toContain('reopen');
  });
});

describe('sales order machine', () => {
  it('offers release and cancel on an open order, no shipping', () => {
    expect(actionsFrom(salesOrderMachine, 'open').map((t) => t.action)).toEqual(['release', 'cancel', 'sync']);
  });
  it('shows confirm only on the tablet', () => {
    expect(actionsFrom(salesOrderMachine, 'released').map((t) => t.action)).not.toContain('confirm');
    expect(actionsFrom(salesOrderMachine, 'released', { tablet: true }).map((t) => t.action)).toContain('confirm');
  });
  it('offers nothing but sync on an invoiced order and nothing on a canceled one', () => {
    expect(actionsFrom(salesOrderMachine, 'invoiced').map((t) => t.action)).toEqual(['sync']);
    expect(actionsFrom(salesOrderMachine, 'canceled')).toEqual([]);
  });
  it('has no status-call way into a posting status', () => {
    for (const s of ['partial_delivered', 'shipped', 'invoiced'])
      expect(actionForTarget(salesOrderMachine, s)).toBeUndefined();
  });
  it('names the status and the action when refusing', () => {
    expect(notAllowedMessage(salesOrderMachine, 'close', 'open')).toBe('Sales Order in status open cannot close');
  });
  it('picks the machine of a document type', () => {
    expect(salesMachineOf('order')).toBe(salesOrderMachine);
    expect(salesMachineOf('quote')).toBe(salesQuoteMachine);
    expect(salesMachineOf('credit_memo')).toBeNull();
  });
});
