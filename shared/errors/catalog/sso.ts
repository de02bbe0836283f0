import type { CatalogEntry } from './error-status.ts'

/** Single sign-on providers and signing in through them. */
export const SSO_MESSAGES = {} as const satisfies Record<string, CatalogEntry>
