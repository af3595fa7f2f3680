import type { ErpListQuery, ErpPage } from '../port.js';

export const DEFAULT_TOP = 100;
export const MAX_TOP = 1000;

/** top/skip from a query or from a nextLink this implementation produced (`standalone:<area>?skip=…&top=…`). */
export function readPaging(q: ErpListQuery = {}): { top: number; skip: number } {
  if (q.nextLink) {
    const params = new URLSearchParams(q.nextLink.split('?')[1] ?? '');
    return { top: clampTop(Number(params.get('top'))), skip: Math.max(0, Number(params.get('skip')) || 0) };
  }
  return { top: clampTop(q.top), skip: Math.max(0, q.skip ?? 0) };
}

const clampTop = (n: number | undefined) =>
  n && Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), MAX_TOP) : DEFAULT_TOP;

/** Rows were fetched with limit top+1: the extra row means there is a next page. */
export function toPage<T>(area: string, rows: T[], top: number, skip: number): ErpPage<T> {
  const more = rows.length > top;
  return {
    value: more ? rows.slice(0, top) : rows,
    nextLink: more ? `standalone:${area}?skip=${skip + top}&top=${top}` : null,
  };
}

/** A weak etag from a row version (BC: W/"JzQ0O…"), so If-Match works the same way. */
export const etagOf = (version: number | string) => `W/"${version}"`;
