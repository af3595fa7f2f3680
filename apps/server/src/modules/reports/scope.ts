import type { Scope } from '../../http/scope.js';

/**
 * The revenue lists are scoped inside their aggregation (revenue.ts applies `scope.franchise` to the value entries
 * or documents before grouping, so a store's day is only its own sales): nothing is left to add outside.
 */
export const salesDocumentsScope = (_s: Scope) => undefined;
