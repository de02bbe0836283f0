import { bigint } from 'drizzle-orm/pg-core'

/** Milliseconds since the epoch. */
export const millis = (name: string) => bigint(name, { mode: 'number' })
