import { z } from 'zod';
import { requiredText, messages } from './validators.js';
import { int32, version } from './common.js';

/** Document screens that offer cancel reasons (cancel_reason.page). */
export const cancelReasonPages = ['/salesOrders', '/salesQuotes', '/purchasesOrders', '/consignmentIssue'] as const;

export const cancelReason = z.object({
  id: int32(),
  reason_code: z.string(),
  description: z.string(),
  page: z.string(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CancelReason = z.infer<typeof cancelReason>;

export const cancelReasonCreate = z.object({
  reason_code: requiredText(30).transform((s) => s.toUpperCase()),
  description: requiredText(250),
  page: z.enum(cancelReasonPages, { error: `page must be one of ${cancelReasonPages.join(', ')}` }),
});
export const cancelReasonUpdate = cancelReasonCreate.partial().extend({ version });
export const cancelReasonRequired = messages.required;
