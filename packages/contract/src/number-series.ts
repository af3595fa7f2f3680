import { z } from 'zod';
import { int32 } from './common.js';
import { messages } from './validators.js';

/**
 * Number series per franchise, document type and year. A number reads `<franchise>-<type>-<yy>-<000123>`,
 * e.g. HN001-SO-26-000123: gap-free and unique within its series.
 */
export const numberSeriesDocumentTypes = [
  'SQ',
  'SO',
  'SS',
  'SI',
  'SCM',
  'PO',
  'PR',
  'PCM',
  'CI',
  'CR',
  'RC',
  'WE',
  'CUS',
  'HSO',
  'HSS',
  'HSI',
  'TO',
  'TS',
  'WT',
  'SH',
  'BA',
] as const;
export type NumberSeriesDocumentType = (typeof numberSeriesDocumentTypes)[number];
export const numberSeriesDocumentTypeNames: Record<NumberSeriesDocumentType, string> = {
  SQ: 'Sales Quote',
  SO: 'Sales Order',
  SS: 'Sales Shipment',
  SI: 'Sales Invoice',
  SCM: 'Sales Credit Memo',
  PO: 'Purchase Order',
  PR: 'Purchase Receipt',
  PCM: 'Purchase Credit Memo',
  CI: 'Consignment Issue',
  CR: 'Consignment Receipt',
  RC: 'Cash Receipt',
  WE: 'Warehouse Entry',
  CUS: 'Customer',
  HSO: "Head Office Sales Order (the franchise's purchase order at head office)",
  HSS: 'Head Office Shipment',
  HSI: 'Head Office Invoice',
  TO: 'Transfer Order',
  TS: 'Transfer Shipment',
  WT: 'Warehouse Transfer',
  SH: 'Shift',
  BA: 'Bank Account Entry',
};
export const NUMBER_SERIES_DIGITS = 6;
export const MIN_SERIES_YEAR = 2000;
export const MAX_SERIES_YEAR = 2099;

export const numberSeriesPrefix = (franchiseCode: string, documentType: string, year: number) =>
  `${franchiseCode}-${documentType}-${String(year % 100).padStart(2, '0')}-`;
export const formatSeriesNumber = (prefix: string, n: number) =>
  `${prefix}${String(n).padStart(NUMBER_SERIES_DIGITS, '0')}`;

export const numberSeries = z.object({
  id: int32(),
  franchise_code: z.string(),
  franchise_name: z.string(),
  document_type: z.string(),
  document_type_name: z.string(),
  year: int32(),
  prefix: z.string(),
  last_no: int32(),
  /** The last number taken, '' while none was. */
  last_used_no: z.string(),
  next_no: z.string(),
  last_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NumberSeries = z.infer<typeof numberSeries>;

const year = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, messages.isNumber).transform(Number)], {
    error: messages.isNumber,
  })
  .pipe(
    z
      .number()
      .int(messages.isNumber)
      .min(MIN_SERIES_YEAR, messages.range(MIN_SERIES_YEAR, MAX_SERIES_YEAR))
      .max(MAX_SERIES_YEAR, messages.range(MIN_SERIES_YEAR, MAX_SERIES_YEAR)),
  );

/** POST /api/number-series/generate: franchise_code in the body or query (calls.md 7.6), year defaults to this year. */
export const numberSeriesGenerate = z.object({
  franchise_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
  year: z.union([year, z.null(), z.literal('')]).optional(),
});
export type NumberSeriesGenerate = z.input<typeof numberSeriesGenerate>;

export const numberSeriesGenerateResult = z.object({
  franchise_code: z.string(),
  year: int32(),
  /** How many series rows were new (0 when all existed already). */
  created: int32(),
  items: z.array(numberSeries),
});
export type NumberSeriesGenerateResult = z.infer<typeof numberSeriesGenerateResult>;
