/** node-postgres' parameter serialisation (pg/lib/utils.js), which its package exports without types. */
declare module 'pg/lib/utils.js' {
  /** A JavaScript value as node-postgres sends it as a parameter: text (arrays, dates, JSON) or a Buffer (bytea). */
  export function prepareValue(value: unknown): string | Buffer | null;
  const utils: { prepareValue: typeof prepareValue };
  export default utils;
}
