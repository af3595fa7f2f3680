import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { JobRunner } from './jobs/queue.js';

/** What every route and service can reach; built once in app.ts. */
export type Services = {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  log: Logger;
  jobs: JobRunner;
};
