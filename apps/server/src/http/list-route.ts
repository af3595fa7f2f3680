import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { exportPath, type ListRequest, type Operation } from '@fp/contract';
import type { Router } from './route.js';
import type { Auth } from './context.js';
import { iterateList, runList, type ListSpec } from './list.js';

export type ExportColumn = { key: string; header: string; width?: number; format?: 'money' | 'date' | 'datetime' | 'boolean' };

/** A list operation of the contract (kind 'list'): its path is the filter, path + /export the export. */
export type ListOperation = Operation & { kind: 'list'; item: z.ZodType };

export type ListRouteOptions<Row, Item> = {
  /** The list, or a function of the caller and request for lists whose shape depends on them (e.g. a franchise in view). */
  spec: ListSpec<Row, Item> | ((auth: Auth, body: ListRequest) => ListSpec<Row, Item>);
  /** Franchise scoping and other fixed predicates, built from the caller (ARCHITECTURE: one place). */
  scope?: (auth: Auth) => SQL | undefined;
  /** Extra body fields some lists take (e.g. from_date); merged into the scope. */
  sheet: string;
  columns: ExportColumn[];
};

/**
 * Registers a list operation: POST {path} (a page of items) and POST {path}/export (the filtered set as .xlsx;
 * api.md: every list exports its filtered set). The body is the operation's (listRequest unless it names another).
 */
export function listRoute<Row, Item>(r: Router, op: ListOperation, o: ListRouteOptions<Row, Item>) {
  const specOf = (auth: Auth, body: ListRequest) => (typeof o.spec === 'function' ? o.spec(auth, body) : o.spec);
  const asList = (b: unknown) => b as ListRequest;
  r.route({ ...op, kind: 'json' }, async ({ body, auth, services }) => runList(services.db, specOf(auth, asList(body)), asList(body), o.scope?.(auth)));
  r.define({
    method: 'POST',
    url: exportPath(op),
    access: op.access,
    summary: `${op.summary} as an .xlsx file`,
    body: op.body,
    raw: true,
    handler: async ({ body: raw, auth, services, reply }) => {
      const body = asList(raw);
      const scope = o.scope?.(auth);
      const spec = specOf(auth, body);
      // Validate filters before the first byte goes out, so a bad filter is still a clean 400.
      await runList(services.db, spec, { ...body, pagination: { page: 1, size: 1 } }, scope);
      const stream = new PassThrough();
      const file = `${o.sheet.replace(/[^A-Za-z0-9_-]+/g, '-')}.xlsx`;
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file}"`);
      void reply.send(stream);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const ws = wb.addWorksheet(o.sheet.slice(0, 31));
      ws.columns = o.columns.map((c) => ({
        header: c.header,
        key: c.key,
        width: c.width ?? Math.max(12, c.header.length + 2),
        style: c.format === 'money' ? { numFmt: '#,##0.##' } : c.format === 'date' ? { numFmt: 'dd-mm-yyyy' } : {},
      }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      for await (const items of iterateList(services.db, spec, { ...body }, scope)) {
        for (const item of items) ws.addRow(exportRow(item as Record<string, unknown>, o.columns)).commit();
      }
      ws.commit();
      await wb.commit();
    },
  }, `${op.name}Export`);
}

function exportRow(item: Record<string, unknown>, columns: ExportColumn[]) {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    const v = item[c.key];
    if (v === null || v === undefined) row[c.key] = null;
    else if (c.format === 'money') row[c.key] = Number(v);
    else if (c.format === 'date' || c.format === 'datetime') row[c.key] = new Date(String(v));
    else if (c.format === 'boolean') row[c.key] = v ? 'Yes' : 'No';
    else if (typeof v === 'object') row[c.key] = JSON.stringify(v);
    else row[c.key] = v;
  }
  return row;
}
