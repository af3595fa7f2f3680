import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  businessDate,
  formatSeriesNumber,
  numberSeriesDocumentTypeNames,
  numberSeriesDocumentTypes,
  numberSeriesPrefix,
  type NumberSeries,
  type NumberSeriesDocumentType,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, businessRule } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { franchises } from '../franchises/schema.js';
import { assertFranchiseExists } from '../franchises/service.js';
import { numberSeries } from './schema.js';
import { preparedStampNow, stampValue } from '../../db/clock.js';
import { param, preparedSql } from '../../db/prepared.js';

type Row = typeof numberSeries.$inferSelect & { franchise_name: string };

const toItem = (r: Row): NumberSeries => ({
  id: r.id,
  franchise_code: r.franchise_code,
  franchise_name: r.franchise_name,
  document_type: r.document_type,
  document_type_name: numberSeriesDocumentTypeNames[r.document_type as NumberSeriesDocumentType] ?? r.document_type,
  year: r.year,
  prefix: r.prefix,
  last_no: r.last_no,
  last_used_no: r.last_no > 0 ? formatSeriesNumber(r.prefix, r.last_no) : '',
  next_no: formatSeriesNumber(r.prefix, r.last_no + 1),
  last_date: r.last_date,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const columns = { ...getTableColumns(numberSeries), franchise_name: franchises.name };

export const numberSeriesList: ListSpec<Row, NumberSeries> = {
  source: (db, extra) =>
    db
      .select({ ...columns, ...extra })
      .from(numberSeries)
      .innerJoin(franchises, eq(franchises.customer_no, numberSeries.franchise_code))
      .$dynamic(),
  fields: {
    id: numberSeries.id,
    franchise_code: numberSeries.franchise_code,
    franchise_name: franchises.name,
    document_type: numberSeries.document_type,
    year: numberSeries.year,
    prefix: numberSeries.prefix,
    last_no: numberSeries.last_no,
    last_date: numberSeries.last_date,
    updated_at: numberSeries.updated_at,
  },
  filterable: ['id', 'franchise_code', 'franchise_name', 'document_type', 'year', 'prefix', 'last_no', 'last_date'],
  sortable: [
    'id',
    'franchise_code',
    'franchise_name',
    'document_type',
    'year',
    'prefix',
    'last_no',
    'last_date',
    'updated_at',
  ],
  defaultSort: { field: 'franchise_code', direction: 'asc' },
  key: numberSeries.id,
  map: toItem,
};

/** Store users see their own franchise's series only. */
/** Creates the series of every document type for a franchise and year; existing ones are kept (idempotent). */
export async function generateNumberSeries(db: DbOrTx, p: { franchiseCode: string; year: number }) {
  await assertFranchiseExists(db, p.franchiseCode);
  const rows = numberSeriesDocumentTypes.map((t) => ({
    franchise_code: p.franchiseCode,
    document_type: t,
    year: p.year,
    prefix: numberSeriesPrefix(p.franchiseCode, t, p.year),
  }));
  const inserted = await db.insert(numberSeries).values(rows).onConflictDoNothing().returning({ id: numberSeries.id });
  const items = await db
    .select(columns)
    .from(numberSeries)
    .innerJoin(franchises, eq(franchises.customer_no, numberSeries.franchise_code))
    .where(and(eq(numberSeries.franchise_code, p.franchiseCode), eq(numberSeries.year, p.year)));
  const order = (t: string) => numberSeriesDocumentTypes.indexOf(t as NumberSeriesDocumentType);
  items.sort((a, b) => order(a.document_type) - order(b.document_type));
  return { franchise_code: p.franchiseCode, year: p.year, created: inserted.length, items: items.map(toItem) };
}

const isoDate = /^\d{4}-\d{2}-\d{2}/;

/**
 * The one way every posting takes a document number: locks the series row inside the caller's transaction, so
 * concurrent takers queue, each gets the next number, and a rolled-back caller gives its number back (gap-free).
 * A missing series for a known franchise is created on first use. `date` is the document's posting date (YYYY-MM-DD,
 * or an instant taken on its business day; default: the business date, contract `businessDate`); its year picks the
 * series. One statement when the series exists (takeNextNumbers).
 */
export async function takeNextNumber(
  tx: DbOrTx,
  p: { franchiseCode: string; documentType: NumberSeriesDocumentType; date?: string | Date },
): Promise<string> {
  const numbers = await takeNextNumbers(tx, { ...p, documentTypes: [p.documentType] });
  return numbers[p.documentType]!;
}

/**
 * The next numbers of several series of one franchise and year at once (a shipment and its invoice): one
 * `UPDATE … FROM (SELECT … ORDER BY id FOR UPDATE) … RETURNING` that locks the series rows in id order, so two
 * postings taking the same series queue instead of deadlocking. A series used for the first time is created, then
 * taken the same way.
 */
export async function takeNextNumbers(
  tx: DbOrTx,
  p: { franchiseCode: string; documentTypes: readonly NumberSeriesDocumentType[]; date?: string | Date },
): Promise<Partial<Record<NumberSeriesDocumentType, string>>> {
  const runs = await takeRuns(tx, { ...p, count: 1 });
  return Object.fromEntries([...runs].map(([t, nos]) => [t, nos[0]])) as Partial<
    Record<NumberSeriesDocumentType, string>
  >;
}

/**
 * The next `count` numbers of one series, in order, in the one statement of takeNextNumbers (the counter moves by
 * `count`): a posting that numbers several rows of a kind (bank entries of several receipts) takes them at once.
 */
export async function takeNumberRun(
  tx: DbOrTx,
  p: { franchiseCode: string; documentType: NumberSeriesDocumentType; count: number; date?: string | Date },
): Promise<string[]> {
  if (p.count <= 0) return [];
  const runs = await takeRuns(tx, { ...p, documentTypes: [p.documentType] });
  return runs.get(p.documentType)!;
}

/** The UPDATE of takeRuns, prepared (its series as an array: one text for one or several). */
const takeStatement = preparedSql<{ document_type: string; prefix: string; last_no: number }>('fp_take_numbers', () => {
  const ns = numberSeries;
  return sql`
    update ${ns} set last_no = ${ns.last_no} + ${param('count', 'int')},
      last_date = greatest(coalesce(${ns.last_date}, ${param('day', 'date')}), ${param('day', 'date')}),
      updated_at = ${preparedStampNow()}
    from (select id from ${ns} where ${ns.franchise_code} = ${param('franchise', 'text')}
            and ${ns.year} = ${param('year', 'int')} and ${ns.document_type} = any(${param('types', 'text[]')})
          order by id for update) as s
    where ${ns.id} = s.id
    returning ${ns.document_type}, ${ns.prefix}, ${ns.last_no}`;
});

async function takeRuns(
  tx: DbOrTx,
  p: { franchiseCode: string; documentTypes: readonly NumberSeriesDocumentType[]; date?: string | Date; count: number },
): Promise<Map<string, string[]>> {
  const types = [...new Set(p.documentTypes)];
  for (const t of types)
    if (!numberSeriesDocumentTypes.includes(t)) throw badRequest(`Unknown document type ${t}`, 'document_type');
  if (types.length === 0) return new Map();
  // An instant counts on its business day (00:30 on 1 January in Vietnam is the new year's series, not UTC's old one).
  const day =
    p.date === undefined ? businessDate() : typeof p.date === 'string' ? p.date.slice(0, 10) : businessDate(p.date);
  if (!isoDate.test(day)) throw badRequest(`Posting date ${String(p.date)} is not a date`, 'date');
  const year = Number(day.slice(0, 4));
  const take = async (wanted: readonly string[]) => {
    const rows = await takeStatement(tx, {
      count: p.count,
      day,
      franchise: p.franchiseCode,
      year,
      types: [...wanted],
      stamp: stampValue(),
    });
    return new Map(
      rows.map((x) => [
        x.document_type,
        Array.from({ length: p.count }, (_, i) => formatSeriesNumber(x.prefix, Number(x.last_no) - p.count + 1 + i)),
      ]),
    );
  };
  const got = await take(types);
  const missing = types.filter((t) => !got.has(t));
  if (missing.length) {
    await assertFranchiseExists(tx, p.franchiseCode);
    await tx
      .insert(numberSeries)
      .values(
        missing.map((t) => ({
          franchise_code: p.franchiseCode,
          document_type: t,
          year,
          prefix: numberSeriesPrefix(p.franchiseCode, t, year),
        })),
      )
      .onConflictDoNothing();
    for (const [t, no] of await take(missing)) got.set(t, no);
    const still = missing.find((t) => !got.has(t));
    if (still)
      throw businessRule(
        `No number series ${still} ${year} for franchise ${p.franchiseCode}`,
        'no_number_series',
        'franchise_code',
      );
  }
  return got;
}
