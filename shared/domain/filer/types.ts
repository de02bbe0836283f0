/** Inputs and outputs of the built-in filer, the tidy-up that runs without an AI model. */

/** The name the built-in filer gives as a tidy-up run's model (the app shows it in the reader's language). */
export const BUILT_IN_FILER = 'built-in filer'

/** A note waiting in the inbox. `hint` is the dropper's suggestion: a page path, a folder or words ('' if none). */
export type FilerNote = { name: string; title: string; text: string; hint: string }

/** A page of the space: `path` relative to content/ (e.g. 'ops/backups.md'), `text` the full Markdown. */
export type FilerPage = { path: string; text: string }

/**
 * How close a note is in meaning to pages (from the space's meaning index, or embedded for the run):
 * for each page measured, the note's cosine similarity to each of the page's chunks, in the index's
 * order; `nearest`, pages closest in meaning among the whole space, best first.
 */
export type NoteMeaning = { chunks: ReadonlyMap<string, readonly number[]>; nearest: readonly string[] }

export type FilingInput = {
  notes: FilerNote[]
  pages: FilerPage[]
  vocation: string
  today: string
  /** By note name; a note without it is filed by its words alone. */
  meaning?: ReadonlyMap<string, NoteMeaning>
}

export type FilingOperation =
  /** Append `text` (a section) to an existing page, or to a page created earlier in the same plan. */
  | { kind: 'append'; note: string; path: string; text: string }
  /** Create a new page. */
  | { kind: 'create'; note: string; path: string; text: string }
  /**
   * Leave the note in the inbox, with a reason written for the person, in the note's language, and the
   * pages it could go to (paths relative to content/), best first, for the person to pick one.
   */
  | { kind: 'leave'; note: string; reason: string; candidates?: string[] }

export type FilingPlan = { operations: FilingOperation[]; summary: string }
