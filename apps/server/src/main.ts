import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedBase } from './seed/index.js';
import { startBackground } from './background.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  databaseReadUrl: config.databaseReadUrl,
  dataDir: config.dataDir,
});
const { app, services } = await buildApp(config, database);
// Several processes may start at once on one database: the seed runs in one at a time (the first creates the admin).
const { adminPassword } = await database.exclusive(() => seedBase(services));
if (adminPassword) {
  // Printed once: the first start on an empty database without ADMIN_PASSWORD set.
  console.log(
    `\n  User "admin" was created with the password: ${adminPassword}\n  Set ADMIN_PASSWORD to choose it yourself.\n`,
  );
}
const stopBackground = startBackground(services, database.leads);
await app.listen({ port: config.port, host: config.host });
console.log(
  `Franchise Portal on http://localhost:${config.port} (${database.kind}${database.kind === 'pglite' ? `, data in ${config.dataDir}` : ''})`,
);

const shutdown = async () => {
  stopBackground();
  await services.jobs.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
const onSignal = () => {
  shutdown().catch((e: unknown) => {
    console.error('shutdown failed', e);
    process.exit(1);
  });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
