import type { TFunction } from 'i18next'
import { filedNotes, type TidyRun } from './queries.ts'

/**
 * The counts the server writes at the head of a run's summary, in English ("Filed 2 notes, left 1.",
 * or "Nothing to tidy."): the app says them itself, in the person's language, so they are cut here.
 */
const SERVER_COUNTS = /^(?:Filed \d+ notes?(?:, left \d+)?\.|Nothing to tidy\.)\s*/

/**
 * A run's outcome in one line, the same words wherever a run is summed up: "Filed 2 notes, left 1".
 * The notes left are those the run did not file (left aside with a reason, or gone meanwhile).
 */
export function runOutcome(t: TFunction, run: TidyRun): string {
  const filed = filedNotes(run)
  const left = run.items_left
  if (filed === 0 && left === 0) return t('tidy.runs.nothing')
  const filedText = t('tidy.runs.filed', { count: filed })
  return left > 0
    ? t('tidy.runs.outcome', { filed: filedText, left: t('tidy.runs.left', { count: left }) })
    : filedText
}

/** What a run's summary says beyond its counts (a model's own account of its work), or ''. */
export function runNarrative(run: TidyRun): string {
  return run.summary.replace(SERVER_COUNTS, '').trim()
}
