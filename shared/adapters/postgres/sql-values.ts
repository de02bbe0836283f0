import { type SQL, sql } from 'drizzle-orm'

// drizzle spreads a JavaScript array into one parameter per item: a list of ids goes over as one
// parameter, an array literal, so a statement's text is the same whatever their number.
/** Integers as one `int[]` parameter, for `= ANY(...)`. */
export function intArray(values: readonly number[]): SQL {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new Error(`expected an integer id, got ${value}`)
  }
  return sql`${`{${values.join(',')}}`}::int[]`
}
