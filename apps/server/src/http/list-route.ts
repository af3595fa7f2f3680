import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { businessDateTime, EMPTY_BIRTH_DATE, exportPath, type ListRequest, type Operation } from '@fp/contract';
import type { Router } from './route.js';
import type { Auth } from './context.js';
import type { DbOrTx } from '../db/client.js';
import type { Services } from '../services.js';
import { iterateList, runList, type ListSpec } from './list.js';
import { scopeWhere, type ListScope } from './scope.js';

export type ExportColumn = {
  key: string;
  header: string;
  width?: number;
  format?: 'money' | 'date' | 'datetime' | 'boolean';
};

/** A list operation of the contract (kind 'list'): its path is the filter, path + /export the export. */
export type ListOperation = Operation & { kind: 'list'; item: z.ZodType };

export type ListRouteOptions<Row, Item> = {
  /** The list, or a function of the caller and request for lists whose shape depends on them (e.g. a franchise in view). */
  spec: ListSpec<Row, Item> | ((auth: Auth, body: ListRequest) => ListSpec<Row, Item>);
  /**
   * Franchise scoping, required: a predicate from the caller's scope (`(s) => s.franchise(t.franchise_code)`), or
   * `unscoped('why')` for a list that is the same for every franchise (http/scope.ts).
   */
  scope: ListScope;
  /** Other fixed predicates of the list that are not franchise scoping (e.g. blocked items on the website list). */
  where?: (auth: Auth) => SQL | undefined;
  /**
   * A check of the request before the list (and its export) runs, which throws the call's error: e.g. a franchise the
   * body names outside the caller's scope is 404, as on every other call that names one.
   */
  check?: (db: DbOrTx, auth: Auth, body: ListRequest) => Promise<unknown>;
  sheet: string;
  columns: ExportColumn[];
  /**
   * The list (its check, page and export) reads the read replica when one is configured (DATABASE_READ_URL,
   * `services.readDb`): only for reports that tolerate a few seconds of lag, never for a document list a user edits.
   */
  replica?: boolean;
};

/**
 * Registers a list operation: POST {path} (a page of items) and POST {path}/export (the filtered set as .xlsx;
 * api.md: every list exports its filtered set). The body is the operation's (listRequest unless it names another).
 */
export function listRoute<Row, Item>(r: Router, op: ListOperation, o: ListRouteOptions<Row, Item>) {
  const specOf = (auth: Auth, body: ListRequest) => (typeof o.spec === 'function' ? o.spec(auth, body) : o.spec);
  const whereOf = (auth: Auth) => and(scopeWhere(o.scope, auth.scope), o.where?.(auth));
  const asList = (b: unknown) => b as ListRequest;
  const dbOf = (s: Services) => (o.replica ? s.readDb : s.db);
  r.route({ ...op, kind: 'json' }, async ({ body, auth, services }) => {
    const db = dbOf(services);
    await o.check?.(db, auth, asList(body));
    return runList(db, specOf(auth, asList(body)), asList(body), whereOf(auth));
  });
  r.define(
    {
      method: 'POST',
      url: exportPath(op),
      access: op.access,
      summary: `${op.summary} as an .xlsx file`,
      body: op.body,
      raw: true,
      handler: async ({ body: raw, auth, services, reply }) => {
        const body = asList(raw);
        const db = dbOf(services);
        await o.check?.(db, auth, body);
        const scope = whereOf(auth);
        const spec = specOf(auth, body);
        // Validate filters before the first byte goes out, so a bad filter is still a clean 400.
        await runList(db, spec, { ...body, pagination: { page: 1, size: 1 } }, scope);
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
          style: c.format ? { numFmt: NUM_FMT[c.format] } : {},
        }));
        ws.getRow(1).font = { bold: true };
        ws.getRow(1).commit();
        for await (const items of iterateList(db, spec, { ...body }, scope)) {
          for (const item of items) ws.addRow(exportRow(item as Record<string, unknown>, o.columns)).commit();
        }
        ws.commit();
        await wb.commit();
      },
    },
    `${op.name}Export`,
  );
}

/** Cell formats of the export columns (calls.md 9: dates DD-MM-YYYY; money with at most 2 decimals). */
const NUM_FMT: Record<NonNullable<ExportColumn['format']>, string> = {
  money: '#,##0.00',
  date: 'dd-mm-yyyy',
  datetime: 'dd-mm-yyyy hh:mm',
  boolean: '@',
};

/**
 * A date or timestamp as the Date exceljs writes for it: Excel has no time zones, so the cell holds the business's
 * wall-clock time (written as UTC). Unknown dates (null, '', 0001-01-01 = unknown birth date) are empty cells.
 */
export function excelDate(v: unknown, withTime: boolean): Date | null {
  if (v === null || v === undefined || v === '') return null;
  const text = v instanceof Date ? v.toISOString() : String(v);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    if (text === EMPTY_BIRTH_DATE) return null;
    return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  }
  const at = v instanceof Date ? v : new Date(text);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() <= 1) return null;
  const wall = businessDateTime(at);
  return new Date(`${withTime ? wall : `${wall.slice(0, 10)}T00:00:00`}Z`);
}

export function exportRow(item: Record<string, unknown>, columns: ExportColumn[]) {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    const v = item[c.key];
    if (v === null || v === undefined) row[c.key] = null;
    else if (c.format === 'money') row[c.key] = Math.round(Number(v) * 100) / 100;
    else if (c.format === 'date' || c.format === 'datetime') row[c.key] = excelDate(v, c.format === 'datetime');
    else if (c.format === 'boolean') row[c.key] = v ? 'Yes' : 'No';
    else if (typeof v === 'object') row[c.key] = JSON.stringify(v);
    else row[c.key] = v;
  }
  return row;
}
