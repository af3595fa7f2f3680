import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      // The web's plain modules (no browser): the query keys against the sources, the i18n resource files.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          // Setups that seed the demo data share the machine with a second worker.
          hookTimeout: 120000,
          pool: 'forks',
          // Two files at a time even on a 2-core machine (vitest's default there is one): a file waits on its
          // database much of the time. Each worker keeps its imported modules from file to file (isolate: false):
          // importing the app costs more than most files' tests. Every file still gets its own app and database
          // (helpers.ts), and mocks are restored after each test.
          maxWorkers: 2,
          isolate: false,
          setupFiles: ['apps/server/test/setup-env.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
