/** Inputs and outputs of the built-in filer, the tidy-up that runs without an AI model. */

/** A note waiting in the inbox. `hint` is the dropper's suggestion: a page path, a folder or words ('' if none). */
export type FilerNote = { name: string; title: string; text: string; hint: string }

/** A page of the space: `path` relative to content/ (e.g. 'ops/backups.md'), `text` the full Markdown. */
export type FilerPage = { path: string; text: string }

export type FilingInput = { notes: FilerNote[]; pages: FilerPage[]; vocation: string; today: string }

export type FilingOperation =
  /** Append `text` (a section) to an existing page, or to a page created earlier in the same plan. */
  | { kind: 'append'; note: string; path: string; text: string }
  /** Create a new page. */
  | { kind: 'create'; note: string; path: string; text: string }
  /** Leave the note in the inbox, with a reason written for the person, in the note's language. */
  | { kind: 'leave'; note: string; reason: string }

export type FilingPlan = { operations: FilingOperation[]; summary: string }
