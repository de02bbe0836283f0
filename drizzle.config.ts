import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './shared/adapters/sqlite/schema.ts',
  out: './shared/adapters/sqlite/migrations',
})
