import { sql } from 'drizzle-orm'

/**
 * One value sealed with the server's key, from any table keeping one (webhook and SSO secrets,
 * providers' keys, Git credentials), for a start to check that its key opens it. The same query on
 * SQLite and PostgreSQL: the tables and columns are named alike.
 */
export const SEALED_SAMPLE = sql`SELECT v FROM (
  SELECT secret_sealed AS v FROM webhooks
  UNION ALL SELECT client_secret_sealed FROM sso_providers
  UNION ALL SELECT api_key FROM ai_settings
  UNION ALL SELECT api_key FROM embedding_settings
  UNION ALL SELECT credentials FROM space_git
  UNION ALL SELECT webhook_secret FROM space_git
) AS sealed WHERE v LIKE 'v1.%' LIMIT 1`
