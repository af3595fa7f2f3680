import type { ApiError } from '@fp/contract';

/** An error that becomes an envelope with a meaningful status (api.md conventions). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly extra: ApiError[] = [],
  ) {
    super(message);
  }
  toErrors(): ApiError[] {
    const first: ApiError = { code: this.code, msg: this.message, ...(this.field ? { field: this.field } : {}) };
    return [first, ...this.extra];
  }
}

export const badRequest = (msg: string, field?: string, code = 'validation_error') =>
  new AppError(400, code, msg, field);
export const unauthorized = (msg = 'Please log in', code = 'unauthorized') => new AppError(401, code, msg);
export const forbidden = (msg = 'You do not have permission to do this', code = 'forbidden') =>
  new AppError(403, code, msg);
export const notFound = (what: string, code = 'not_found') => new AppError(404, code, `${what} not found`);
export const conflict = (msg: string, code = 'conflict', field?: string) => new AppError(409, code, msg, field);
export const staleVersion = () =>
  new AppError(409, 'stale_version', 'This record was changed by someone else. Reload it and try again.', 'version');
export const businessRule = (msg: string, code = 'business_rule', field?: string) =>
  new AppError(422, code, msg, field);
export const throttled = (msg: string) => new AppError(429, 'too_many_requests', msg);
export const unavailable = (msg: string, code = 'maintenance') => new AppError(503, code, msg);
