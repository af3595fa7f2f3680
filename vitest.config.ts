import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take longest (on 2 cores the fuzz test 90 s, the books workload 20–50 s), started first. Vitest starts the files it
 * has timed before longest first, but a fresh checkout (CI) has no timings and starts the largest files first: the
 * fuzz file, small and the longest, then started near the end and ran alone for its last minute.
 */
const LONGEST_FIRST = ['apps/server/test/fuzz.test.ts', 'apps/server/test/books-workload.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    const at = new Map(sorted.map((f, i) => [f, i]));
    // Projects stay in vitest's order; within one, the listed files first, the rest as vitest sorted them.
    return [...sorted].sort((a, b) =>
      a.project.name !== b.project.name ? at.get(a)! - at.get(b)! : rank(a) - rank(b) || at.get(a)! - at.get(b)!,
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
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
