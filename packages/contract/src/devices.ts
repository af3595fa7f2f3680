import { z } from 'zod';
import { check, messages } from './validators.js';
import { int32, version } from './common.js';
import { deviceTypes, DEVICE_PAGE_SIZE } from './constants.js';
import { MAX_PAGE_SIZE, listRequest, pagination } from './filter.js';
import { PRINTER_NOT_CONNECTED } from './toast.js';

export type DeviceType = (typeof deviceTypes)[number];

/** calls.md 8: what a print answers; `not connected` is a value, not an error. */
export const PRINTER_PRINTED = 'printed';
export const printResult = z.enum([PRINTER_PRINTED, PRINTER_NOT_CONNECTED]);
export type PrintResult = z.infer<typeof printResult>;

export const PORT_MIN = 1;
export const PORT_MAX = 65535;
/** product.md 5's range message, said by the form and the server alike. */
export const PORT_RANGE_MESSAGE = messages.range(PORT_MIN, PORT_MAX);
/** The form's and the server's rule for a device address (host names are not addresses). */
export const IP_MESSAGE = messages.ip;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const deviceIp = z
  .string({ error: (iss) => (isBlank(iss.input) ? messages.required : 'ip must be text such as 192.168.1.50') })
  .trim()
  .min(1, messages.required)
  .refine((v) => v === '' || (v.length <= 64 && check.ip(v)), IP_MESSAGE);

// Forms send the port as typed text; "9100" and 9100 are the same port.
const devicePort = z.preprocess(
  (v) => (isBlank(v) ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? messages.required : PORT_RANGE_MESSAGE) })
    .int(PORT_RANGE_MESSAGE)
    .min(1, PORT_RANGE_MESSAGE)
    .max(65535, PORT_RANGE_MESSAGE),
);

/** product.md 3/5: device_data is JSON with ip and port, both required (a JSON string is read as JSON too). */
export const deviceData = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return {};
    if (typeof v === 'string') {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    }
    return v;
  },
  z.object({ ip: deviceIp, port: devicePort }, { error: 'device_data must be an object with ip and port' }),
);
export type DeviceData = { ip: string; port: number };

export const device = z.object({
  id: int32(),
  location_code: z.string().nullable(),
  device_type: z.enum(deviceTypes),
  device_name: z.string(),
  device_code: z.string(),
  device_data: z.object({ ip: z.string(), port: int32() }),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Device = z.infer<typeof device>;

/** A list row also carries ip and port flat, for the IP and Port columns and the export. */
export const deviceListItem = device.extend({ ip: z.string(), port: int32() });
export type DeviceListItem = z.infer<typeof deviceListItem>;

const deviceType = z.enum(deviceTypes, {
  error: (iss) => (isBlank(iss.input) ? messages.required : `device_type must be one of ${deviceTypes.join(', ')}`),
});

// A PRINTER belongs to a store location; an ADMIN_PRINTER (head office) may leave it empty.
const locationCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: 'location_code must be text' }).trim().max(30, messages.maxLength(30)).nullable().optional(),
);

const requiredName = (max: 30 | 100) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

export const deviceCreate = z.object({
  location_code: locationCode,
  device_type: deviceType,
  device_name: requiredName(100),
  device_code: requiredName(30),
  device_data: deviceData,
});
export type DeviceCreate = z.input<typeof deviceCreate>;

export const deviceUpdate = z.object({
  location_code: locationCode,
  device_type: deviceType.optional(),
  device_name: requiredName(100).optional(),
  device_code: requiredName(30).optional(),
  device_data: deviceData.optional(),
  version,
});
export type DeviceUpdate = z.input<typeof deviceUpdate>;

/** calls.md 9: device lists use page size 100 (when the caller does not ask for another). */
export const deviceListRequest = listRequest.extend({
  pagination: pagination
    .extend({
      size: int32().min(1).max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`).default(DEVICE_PAGE_SIZE),
    })
    .default({ page: 1, size: DEVICE_PAGE_SIZE }),
});

// ---- The print document (what POST /api/print puts on paper) ----

const align = z.enum(['left', 'center', 'right'], { error: 'align must be left, center or right' });
const textSize = z.enum(['normal', 'large'], { error: 'size must be normal or large' });

const textLine = z.object({
  kind: z.literal('text'),
  text: z.string({ error: 'text is required' }).max(1000, messages.maxLength(1000)),
  align: align.optional(),
  bold: z.boolean().optional(),
  size: textSize.optional(),
});
const columnsLine = z.object({
  kind: z.literal('columns'),
  cells: z
    .array(
      z.object({
        text: z.string({ error: 'text is required' }).max(500, messages.maxLength(500)),
        width: z
          .number({ error: 'width must be a positive number' })
          .positive('width must be a positive number')
          .max(100, 'width must be at most 100'),
        align: align.optional(),
        bold: z.boolean().optional(),
      }),
    )
    .min(1, 'cells must have 1 to 8 cells')
    .max(8, 'cells must have 1 to 8 cells'),
  size: textSize.optional(),
});
const ruleLine = z.object({
  kind: z.literal('rule'),
  style: z.enum(['solid', 'dashed'], { error: 'style must be solid or dashed' }).optional(),
});
const feedLine = z.object({
  kind: z.literal('feed'),
  lines: z
    .number({ error: 'lines must be a whole number from 0 to 20' })
    .int('lines must be a whole number from 0 to 20')
    .min(0, 'lines must be a whole number from 0 to 20')
    .max(20, 'lines must be a whole number from 0 to 20'),
});

// A line without kind is a text line (as in the printing library).
export const printLine = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && !('kind' in v) ? { ...v, kind: 'text' } : v),
  z.discriminatedUnion('kind', [textLine, columnsLine, ruleLine, feedLine], {
    error: 'kind must be text, columns, rule or feed',
  }),
);
export const MAX_PRINT_LINES = 500;
export const printDocument = z.object(
  {
    lines: z
      .array(printLine, { error: 'lines must be a list' })
      .min(1, 'lines must not be empty')
      .max(MAX_PRINT_LINES, `lines must have at most ${MAX_PRINT_LINES} entries`),
  },
  { error: 'document must be an object with lines' },
);
export type PrintDocumentInput = z.input<typeof printDocument>;

/** api.md: POST /api/print prints one of these on the caller's printer. */
export const printDocumentTypes = ['quote', 'order', 'shipment', 'invoice', 'receipt', 'test'] as const;
export type PrintDocumentType = (typeof printDocumentTypes)[number];

export const printRequest = z.object({
  document_type: z.enum(printDocumentTypes, {
    error: (iss) =>
      isBlank(iss.input) ? messages.required : `document_type must be one of ${printDocumentTypes.join(', ')}`,
  }),
  document_no: z.string({ error: 'document_no must be text' }).trim().max(40, messages.maxLength(40)).optional(),
  document: printDocument.optional(),
});
export type PrintRequest = z.input<typeof printRequest>;
