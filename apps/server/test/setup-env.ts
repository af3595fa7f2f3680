// Tests run quietly, with fast password hashing and loopback printers allowed.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
process.env.PRINTER_ALLOW_LOOPBACK ??= 'true';
process.env.SEED_DEMO ??= 'false';

// Two queries at once on one connection (a Promise.all inside a transaction) is only a deprecation warning in pg 8 and
// an error in pg 9: make it the error now, so the query that overlaps fails its test (pg warns once per process).
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  if (text.includes('already executing a query')) throw new Error(`Overlapping queries on one connection: ${text}`);
  return (emitWarning as (...a: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
