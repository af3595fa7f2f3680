import type { z } from 'zod';
import { AppError } from './errors.js';
import { rejectBadText } from './input.js';

/**
 * Parses with a contract schema; failures are a 400 naming each field (api.md: bad input names the field).
 * Text PostgreSQL cannot store (NUL, lone surrogates) is refused here for every route, whatever the schema.
 * `root` names the value itself ('body', 'query', 'params') when the error is about all of it (e.g. an array body).
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  prefix: string,
  root = 'body',
): z.output<T> {
  rejectBadText(value, prefix || root, prefix ? [prefix] : []);
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => {
    const field = [prefix, ...i.path.map(String)].filter(Boolean).join('.') || root;
    return { code: 'validation_error', msg: messageOf(i, field), ...(field ? { field } : {}) };
  });
  const [first, ...rest] = issues;
  throw new AppError(400, first.code, first.msg, first.field, rest);
}

function messageOf(issue: z.core.$ZodIssue, field: string): string {
  // zod's own wording for type errors doesn't name the field; our contract messages already read well.
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    return issue.input === undefined ? `${field || 'value'} is required` : `${field || 'value'} has the wrong type`;
  }
  if (issue.code === 'invalid_union' && issue.message.startsWith('Invalid input'))
    return `${field || 'value'} has the wrong type`;
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  return issue.message;
}
