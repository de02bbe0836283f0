import { nextTurn } from '../../domain/next-turn.ts'

/** How long a regular-expression scan may work before it returns what it found so far. */
const REGEX_BUDGET_MS = 200
/** Longest the scan holds the event loop before letting other requests run. */
const REGEX_SLICE_MS = 10

/**
 * Times a regular-expression scan, called after each file: answers 'stop' once the working time (not
 * the time spent waiting for a turn) is over budget, a Promise to await when the current slice has held
 * the event loop long enough, and undefined otherwise, so a file within a slice costs no extra turn.
 */
export function regexScanClock(): () => 'stop' | Promise<void> | undefined {
  let spent = 0
  let sliceStart = performance.now()
  return () => {
    const slice = performance.now() - sliceStart
    if (slice < REGEX_SLICE_MS) return undefined
    spent += slice
    if (spent > REGEX_BUDGET_MS) return 'stop'
    return nextTurn().then(() => {
      sliceStart = performance.now()
    })
  }
}
