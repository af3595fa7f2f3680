import { describe, expect, it } from 'vitest';
import {
  canChange,
  documents,
  isEditable,
  NOT_EDITABLE,
  salesDocumentOf,
  salesOrderDocument,
  statusesFor,
  type DocumentDef,
} from './documents.js';
import { operations, type AreaName } from './ops/index.js';

const opExists = (op: string) => {
  const [area, key] = op.split('.') as [AreaName, string];
  return (operations[area] as Record<string, unknown> | undefined)?.[key] !== undefined;
};

describe.each(Object.entries(documents) as [string, DocumentDef][])('document %s', (key, d) => {
  it('is declared under its key, in an area of the operation table', () => {
    expect(d.key).toBe(key);
    expect(operations[d.area as AreaName], d.area).toBeDefined();
  });

  it('is editable only in statuses of its machine, and each change only in them', () => {
    for (const s of d.editable) expect(d.machine.statuses).toContain(s);
    for (const [name, c] of Object.entries(d.changes)) {
      for (const s of c.in ?? []) expect(d.machine.statuses, name).toContain(s);
      for (const op of c.ops) expect(opExists(op), `${name}: ${op}`).toBe(true);
      expect(c.what.length, name).toBeGreaterThan(2);
    }
  });

  it('sends each action of its machine with an operation of the table', () => {
    expect(Object.keys(d.operations)).toEqual(d.machine.transitions.map((t) => t.action));
    for (const op of Object.values(d.operations)) expect(opExists(op), op).toBe(true);
  });

  it('words a refusal for every status it is not editable in', () => {
    for (const s of d.machine.statuses.filter((x) => !isEditable(d, x))) {
      const row = { status: s, receipt_no: 'RC1', shift_no: 'SH1', id: 7, document_no: 'WE1', pos_po_no: 'PCM1' };
      for (const [name, c] of Object.entries(d.changes))
        if (!canChange(d, s, name)) expect(d.refuseChange(row, c.what).length).toBeGreaterThan(10);
      for (const t of d.machine.transitions)
        if (!(t.from as readonly string[]).includes(s)) expect(d.refuseAction(row, t.action)).not.toBe('');
    }
  });
});

describe('document declarations', () => {
  it('answer one error code for every refusal', () => {
    expect(NOT_EDITABLE).toBe('status_not_allowed');
  });

  it('word the spec messages', () => {
    const row = { status: 'released' };
    expect(salesOrderDocument.refuseChange(row, salesOrderDocument.changes.lines.what)).toBe(
      'Sales Order in status released cannot change lines',
    );
    expect(documents.cashReceipt.refuseChange({ status: 'processed', receipt_no: 'A-RC-26-1' }, 'be deleted')).toBe(
      'Cash receipt A-RC-26-1 is already processed and cannot be deleted',
    );
    expect(documents.cashReceipt.refuseAction({ status: 'processed', receipt_no: 'A-RC-26-1' }, 'process')).toBe(
      'Cash receipt A-RC-26-1 is already processed and cannot be processed again',
    );
    expect(documents.warehouseEntry.refuseChange({ status: 'posted', id: 4, document_no: 'A-WE-1' }, 'x')).toBe(
      'Warehouse entry 4 is already posted (A-WE-1)',
    );
    expect(documents.shift.refuseAction({ status: 'closed', shift_no: 'A-SH-1' }, 'close')).toBe(
      'Shift A-SH-1 is closed; only an open shift can be closed',
    );
    expect(documents.purchaseCreditMemo.refuseChange({ status: 'invoiced', pos_po_no: 'P1' }, 'change lines')).toBe(
      'Purchase Credit Memo P1 is posted and cannot change lines',
    );
    expect(documents.transferOrder.refuseAction({ status: 'shipped' }, 'ship')).toBe(
      'Transfer Order in status shipped cannot ship',
    );
  });

  it('let an order take ship quantities and notes until it ships, a quote its notes while alive', () => {
    expect(statusesFor(salesOrderDocument, 'qtyToShip')).toEqual([
      'open',
      'released',
      'confirmed',
      'partial_delivered',
    ]);
    expect(canChange(salesOrderDocument, 'released', 'lines')).toBe(false);
    expect(canChange(salesOrderDocument, 'released', 'lateHeader')).toBe(true);
    expect(canChange(documents.salesQuote, 'converted', 'lateHeader')).toBe(false);
    expect(salesDocumentOf('credit_memo').editable).toEqual([]);
    expect(() => statusesFor(documents.shift, 'lines')).toThrow();
  });
});
