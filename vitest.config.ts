import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { postgresBinaries } from './shared/testing/postgres-cluster.ts'

/** Without PostgreSQL installed, its suites are skipped (the setup says how to install it); CI requires it. */
const withPostgres = postgresBinaries() !== undefined || process.env.CI === 'true'

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Most tests wait on Git, the database or a loopback server rather than compute: one worker per
    // core (Vitest's default leaves one core idle, which halves a 2-core machine).
    maxWorkers: Math.max(2, availableParallelism()),
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
              // The API tests of every area again, each test app on a PostgreSQL database of its own.
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['shared/api/**/*.test.ts'],
                env: { QUIRE_TEST_DATABASE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
})
