/** The rows of a `db.execute` answer: node-postgres gives `{ rows }`, PGlite's driver may give the array itself. */
export const rowsOf = <R>(r: unknown): R[] => (Array.isArray(r) ? r : ((r as { rows?: R[] }).rows ?? [])) as R[];

/** A json / json_agg column: an object on node-postgres and PGlite, a string on some drivers. */
export const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
