// Tests run quietly, with fast password hashing and loopback printers allowed.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
process.env.PRINTER_ALLOW_LOOPBACK ??= 'true';
process.env.SEED_DEMO ??= 'false';
