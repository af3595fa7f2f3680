import { z } from 'zod';

export const apiError = z.object({
  code: z.string(),
  msg: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** api.md: every response except login is { result, data, errors }. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ result: z.boolean(), data, errors: z.array(apiError) });

export const errorEnvelope = z.object({ result: z.literal(false), data: z.null(), errors: z.array(apiError) });

export type Envelope<T> = { result: boolean; data: T; errors: ApiError[] };

export { DEFAULT_ERROR } from './messages.js';
