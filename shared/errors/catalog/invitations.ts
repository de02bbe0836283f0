import type { CatalogEntry } from './error-status.ts'

/** Invitations to an organization: who is invited, to what, and how often. */
export const INVITATIONS_MESSAGES = {} as const satisfies Record<string, CatalogEntry>
