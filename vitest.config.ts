import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import viteConfig from './vite.config.ts';

const unitInclude = ['src/**/*.test.{ts,tsx}'];
const integrationInclude = ['src/**/*.int.test.ts', 'tests/**/*.int.test.ts'];
/** Tests that only mean something on a real PostgreSQL server (several connections, LISTEN/NOTIFY between processes). */
const postgresOnly = '**/*.pg.int.test.ts';

const integration = (name: string, testDb: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    root: '.',
    include: testDb === 'postgres' ? [...integrationInclude, postgresOnly] : integrationInclude,
    exclude: testDb === 'postgres' ? configDefaults.exclude : [...configDefaults.exclude, postgresOnly],
    environment: 'node',
    env: { TEST_DB: testDb },
    setupFiles: ['tests/setup.ts'],
    // A test that starts an app of its own (a fresh database, every migration) takes seconds on an idle machine and
    // may take half a minute or more when both cores are taken by other work.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

export default mergeConfig(
  viteConfig,
  defineConfig({
    root: '.',
    test: {
      root: '.',
      reporters: ['default'],
      // Vitest's default is one worker per core minus one: a single worker on a two-core machine, where the
      // integration tests spend most of their time waiting on the database and gain from a second.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            root: '.',
            include: unitInclude,
            exclude: integrationInclude,
            environment: 'node',
            setupFiles: ['tests/setup.ts'],
            // A busy machine (a CPU hog beside the suite, both cores taken) makes a page render or a worker thread's
            // first build take several seconds; Testing Library's own waits are 10 s (tests/setup.ts).
            testTimeout: 20_000,
          },
        },
        integration('integration:pglite', 'pglite'),
        ...(process.env.TEST_DATABASE_URL ? [integration('integration:postgres', 'postgres')] : []),
      ],
    },
  }),
);
