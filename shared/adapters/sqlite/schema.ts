/**
 * Tables of the embedded database, one file per concern under schema/. Times are integer milliseconds
 * since the epoch.
 */

export * from './schema/accounts.ts'
export * from './schema/collab.ts'
export * from './schema/content.ts'
export * from './schema/git.ts'
export * from './schema/invitations.ts'
export * from './schema/jobs.ts'
export * from './schema/oauth.ts'
export * from './schema/organizations.ts'
export * from './schema/personal.ts'
export * from './schema/providers.ts'
export * from './schema/routines.ts'
export * from './schema/sso.ts'
export * from './schema/tidy.ts'
export * from './schema/webhooks.ts'
