import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'desktop/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // One throwaway PostgreSQL server for the run; each test copies a database of its own from it.
    globalSetup: ['shared/testing/postgres-global-setup.ts'],
  },
})
