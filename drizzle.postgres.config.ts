import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/adapters/postgres/schema.ts',
  out: './shared/adapters/postgres/migrations',
})
