import { describe, expect, it } from 'vitest';
import {
  actionForTarget,
  actionsFrom,
  cashReceiptMachine,
  consignmentIssueMachine,
  notAllowedMessage,
  purchaseOrderFacts,
  purchaseOrderMachine,
  salesMachineOf,
  salesOrderMachine,
  salesQuoteMachine,
  shiftMachine,
  transferOrderMachine,
  warehouseEntryMachine,
  type Machine,
} from './machines.js';
import { operations, type AreaName } from './ops/index.js';
import { cancelReasonPages } from './cancel-reasons.js';

const machines: Machine[] = [
  salesOrderMachine,
  salesQuoteMachine,
  purchaseOrderMachine,
  consignmentIssueMachine,
  transferOrderMachine,
  warehouseEntryMachine,
  cashReceiptMachine,
  shiftMachine,
];

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

  it('starts every action from at least one status and offers no system action as a button', () => {
    for (const t of m.transitions) expect(t.from.length, t.action).toBeGreaterThan(0);
    for (const s of m.statuses) for (const t of actionsFrom(m, s)) expect(t.system, t.action).not.toBe(true);
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

/**
 * The machines of the documents that set their status by hand before they were declared: every (status, action) pair,
 * allowed exactly where the table's rows say (the server applies the same rows, apps/server/src/kernel/documents.test.ts).
 */
describe.each([
  [cashReceiptMachine, { open: ['process', 'process_all'], processed: [] }],
  [shiftMachine, { open: ['close'], closed: [] }],
  [warehouseEntryMachine, { open: ['post'], posted: [] }],
  [
    transferOrderMachine,
    { released: ['ship', 'receive', 'cancel'], shipped: ['receive', 'receive_all'], received: [], canceled: [] },
  ],
] as const)('transitions of %s', (m: Machine, allowed: Record<string, readonly string[]>) => {
  it.each(m.statuses.flatMap((s) => m.transitions.map((t) => [s, t.action] as const)))(
    'from %s: %s',
    (status, action) => {
      const t = m.transitions.find((x) => x.action === action)!;
      const buttons = (allowed[status] ?? []).filter((a) => !m.transitions.find((x) => x.action === a)!.system);
      expect((t.from as readonly string[]).includes(status)).toBe((allowed[status] ?? []).includes(action));
      expect(actionsFrom(m, status, { headOffice: true }).map((x) => x.action)).toEqual(buttons);
    },
  );
});

describe('transfer order machine', () => {
  it('ends a ship in released or shipped, a full receipt in received; cancel only before anything moved', () => {
    expect(transferOrderMachine.transitions.find((t) => t.action === 'ship')!.ends).toEqual(['released', 'shipped']);
    expect(transferOrderMachine.transitions.find((t) => t.action === 'receive_all')!.to).toBe('received');
    expect(transferOrderMachine.transitions.find((t) => t.action === 'cancel')!.from).toEqual(['released']);
  });
  it('ships only for head office', () => {
    expect(actionsFrom(transferOrderMachine, 'released').map((t) => t.action)).toEqual(['receive']);
  });
});
