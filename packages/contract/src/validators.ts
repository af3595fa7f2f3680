import { z } from 'zod';

export { check, maxLengths, messages, type MaxLength } from './messages.js';
import { check, messages, type MaxLength } from './messages.js';

/** A required trimmed string of at most `max` characters. */
export const requiredText = (max: MaxLength = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.maxLength(max));

/** An optional string of at most `max` characters; empty stays empty. */
export const optionalText = (max: MaxLength = 255) =>
  z.string().trim().max(max, messages.maxLength(max)).optional().default('');

export const phone = () =>
  z.string({ error: messages.required }).trim().min(1, messages.required).refine(check.phone, messages.phone);

export const email = () => z.string().trim().max(80, messages.maxLength(80)).refine(check.email, messages.email);

export const password = () => z.string({ error: messages.required }).min(1, messages.required).refine(check.password, messages.password);

export const numberText = () => z.string().refine(check.number, messages.number);

export const range = (min: number, max: number) =>
  z.number({ error: messages.isNumber }).min(min, messages.range(min, max)).max(max, messages.range(min, max));
