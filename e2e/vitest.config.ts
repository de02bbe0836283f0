import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { preferMemoryTmpdir } from '../shared/testing/memory-tmpdir.ts'

/** The run's files in memory when there is room (see memory-tmpdir.ts). */
preferMemoryTmpdir()

/** Browser tests against the real server (`npm run test:e2e`); kept apart from the unit tests. */
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..'),
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/helpers/build-web-app.ts', 'shared/testing/postgres-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // A screen waits for the server and the browser: one second is too short on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    // Each file starts its own servers and browser, which wait on each other more than they compute:
    // two files at a time keep a 2-core machine busy without starving either.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
