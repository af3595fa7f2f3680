import { z } from 'zod';
import { int32 } from './common.js';

/**
 * The print log (issue 9): one entry per POST /api/print — the document printed (as rendered, so a test can render it
 * again and compare with what the printer received), its text line by line, the device and the outcome.
 */
export const printJob = z.object({
  id: int32(),
  document_type: z.string(),
  document_no: z.string(),
  franchise_code: z.string(),
  device_id: int32().nullable(),
  device_code: z.string(),
  user_id: int32().nullable(),
  status: z.enum(['printed', 'not_connected']),
  document: z.object({ lines: z.array(z.unknown()) }),
  text_lines: z.array(z.string()),
  created_at: z.string(),
});
export type PrintJob = z.infer<typeof printJob>;
