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
    // In CI only, a failed browser test runs once more, as Playwright's own runner advises there: on a
    // 2-core machine building a container image beside them, a screen has once missed 30 s of input
    // (a click that never became actionable) with nothing wrong in the app. A test that fails twice
    // fails the run; one that passed only on its retry is named in the report.
    retry: process.env.CI === 'true' ? 1 : 0,
    // Each file starts its own servers and browser, which wait on each other more than they compute:
    // two files at a time keep a 2-core machine busy without starving either.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
