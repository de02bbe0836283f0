/** The search indexes' ports, by words and by meaning. */
export type * from './text-index.ts'
export type * from './vector-index.ts'
