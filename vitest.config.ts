import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { preferMemoryTmpdir } from './shared/testing/memory-tmpdir.ts'
import { postgresBinaries } from './shared/testing/postgres-cluster.ts'

/** The run's files in memory when there is room (see memory-tmpdir.ts). */
preferMemoryTmpdir()

/** Without PostgreSQL installed, its suites are skipped (the setup says how to install it); CI requires it. */
const withPostgres = postgresBinaries() !== undefined || process.env.CI === 'true'

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Most tests wait on Git, the database or a loopback server rather than compute: one worker per
    // core (Vitest's default leaves one core idle, which halves a 2-core machine).
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker runs its files one after the other in one module graph: each file imported the whole
    // app again (2–3 s, a quarter of the run's time). Nothing is kept between files that a test sets
    // (no mocks; test apps, servers and databases are made and closed by each file): 1,048 s → 628 s.
    isolate: false,
    // One throwaway PostgreSQL server for the run; each test copies a database of its own from it.
    globalSetup: ['shared/testing/postgres-global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'desktop/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      ...(withPostgres
        ? [
            {
              // The API tests of every area again, each test app on a PostgreSQL database of its own;
              // but those whose subject is Git, files, secret scanning or the API's document: the
              // database does nothing there that the other areas' tests and the Store contract
              // suites do not already run on PostgreSQL.
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['shared/api/**/*.test.ts'],
                exclude: [
                  'shared/api/commit-secrets.test.ts',
                  'shared/api/content-versions.test.ts',
                  'shared/api/docs.test.ts',
                  'shared/api/extraction.test.ts',
                  'shared/api/git-remote-guard.test.ts',
                  'shared/api/large-files.test.ts',
                  'shared/api/middleware/request-log.test.ts',
                  'shared/api/patch-nothing.test.ts',
                  'shared/api/path-conflicts.test.ts',
                  'shared/api/remote-entries.test.ts',
                  'shared/api/secret-checks.test.ts',
                  'shared/api/trash-sync.test.ts',
                ],
                env: { QUIRE_TEST_DATABASE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
})
