import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'desktop/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
