import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { organizations } from './organizations.ts'

/** An organization's AI and embeddings providers. */

/** An organization's AI provider; the key is sealed with the server's key. */
export const aiSettings = sqliteTable('ai_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['openai', 'anthropic', 'openai-compatible'] }).notNull(),
  model: text('model').notNull(),
  baseUrl: text('base_url').notNull().default(''),
  effort: text('effort').notNull().default(''),
  apiKey: text('api_key'),
  priceInput: real('price_input'),
  priceOutput: real('price_output'),
  monthlyBudget: real('monthly_budget'),
})

/** An organization's embeddings provider; the key is sealed with the server's key. */
export const embeddingSettings = sqliteTable('embedding_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['openai', 'openai-compatible'] }).notNull(),
  model: text('model').notNull(),
  baseUrl: text('base_url').notNull().default(''),
  apiKey: text('api_key'),
})
