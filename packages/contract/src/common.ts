import { z } from 'zod';

export const id = z.coerce.number({ error: 'id must be a number' }).int().positive();
export const version = z.number({ error: 'version is required' }).int().min(0);
export const timestamp = z.string();
export const idParam = z.object({ id });
export const okData = z.object({ ok: z.boolean() });
export const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1, 'ids must not be empty') });
