/** Where one note goes, from its hint and its scores: a page, a folder, or nowhere (with a reason). */
import { baseName } from '../links/paths.ts'
import { detectLanguage, type Language } from '../text-words.ts'
import { readHint } from './hints.ts'
import type { PageIndex } from './page-index.ts'
import type { LeaveReason, PageName } from './reasons.ts'
import { buildQuery, type Query, type Scored, scorePages } from './score.ts'
import { termsOf } from './terms.ts'
import type { FilerNote } from './types.ts'

export type Decision =
  | { kind: 'append'; page: number }
  | { kind: 'create'; folder: string }
  | { kind: 'create-at'; path: string }
  | { kind: 'leave'; reason: LeaveReason }

export type Decided = { decision: Decision; lang: Language }

/** A page holding this share of the note's weight takes it if it is APPEND_MARGIN ahead of the next. */
export const APPEND_STRONG = 0.3
export const APPEND_MARGIN = 1.25
/** A page with a lower share still takes it when it is far ahead of every other: CLEAR_MARGIN times. */
export const APPEND_MIN = 0.15
export const CLEAR_MARGIN = 1.8
/** Least share of the note's weight the best page of a folder must hold for a new page there. */
export const CREATE_MIN = 0.12
/** How far the folder's best page must be ahead of the best page elsewhere for a new page there. */
const FOLDER_MARGIN = 1.5
/** Fewest distinct terms a page must share with the note: one shared word is a coincidence. */
const MIN_SHARED = 2
/** Fewest distinct terms a note needs to be filed by its words alone ("call Bob" has two). */
const MIN_TERMS = 3
/** Fewest distinct terms the best page must share with a note that starts a new page beside it. */
const MIN_SHARED_NEW_PAGE = 3

/**
 * Whether the best page clearly takes the note. Its title must be about the page too: a note whose title
 * words the page never uses ("Crêpes de Mamie" against the apple tart, which shares flour, butter and
 * salt) is a new item of the same kind, not news about that page.
 */
function isClearMatch(best: Scored, second: Scored | undefined, query: Query): boolean {
  if (best.matched < MIN_SHARED) return false
  if (query.titleTerms.size > 0 && best.titleMatched === 0) return false
  const runnerUp = second?.score ?? 0
  if (best.score >= APPEND_STRONG && best.score >= runnerUp * APPEND_MARGIN) return true
  return best.score >= APPEND_MIN && best.score >= runnerUp * CLEAR_MARGIN
}

// The folder of the best pages, when it is well ahead of every other folder and, if it holds several
// pages, a second one agrees: one page sharing a few common words ("team", "Friday") is no folder's kind.
// The root only counts in a space without folders: a new page on top of an organised space is rarely wanted.
function fittingFolder(ranked: Scored[], index: PageIndex): string | undefined {
  const best = ranked[0]
  if (!best || best.score < CREATE_MIN || best.matched < MIN_SHARED_NEW_PAGE) return undefined
  const folder = index.pages[best.page]!.folder
  if (folder === '' && index.folders.length > 0) return undefined
  const inFolder = (s: Scored) => index.pages[s.page]!.folder === folder
  const elsewhere = ranked.find((s) => !inFolder(s))
  if (elsewhere && best.score < elsewhere.score * FOLDER_MARGIN) return undefined
  const siblings = index.folderSizes.get(folder) ?? 1
  const agreeing = ranked.filter((s) => s !== best && inFolder(s) && s.matched >= MIN_SHARED)
  return siblings === 1 || agreeing.length > 0 ? folder : undefined
}

// The one folder the note's title names ("Notifications service" → services/), if exactly one.
function folderNamedByTitle(query: Query, index: PageIndex, lang: Language): string | undefined {
  const named = index.folders.filter((folder) => {
    const terms = termsOf(baseName(folder), lang)
    return terms.length > 0 && terms.every((t) => query.titleTerms.has(t))
  })
  return named.length === 1 ? named[0] : undefined
}

function nameOf(scored: Scored, index: PageIndex): PageName {
  const page = index.pages[scored.page]!
  return { title: page.title, path: page.path }
}

/** Decides where a note goes. `vocabulary` is the vocation's words per folder. */
export function decide(
  note: FilerNote,
  title: string,
  index: PageIndex,
  vocabulary: ReadonlyMap<string, ReadonlySet<string>>,
): Decided {
  const lang = detectLanguage(`${title}\n${note.text}`, index.language)
  const leave = (reason: LeaveReason): Decided => ({ decision: { kind: 'leave', reason }, lang })
  if (!/[\p{L}\p{N}]/u.test(note.text)) return leave({ code: 'empty' })
  const hint = readHint(note.hint, index)
  if (hint.kind === 'page') return { decision: { kind: 'append', page: hint.page }, lang }
  if (hint.kind === 'new-page') return { decision: { kind: 'create-at', path: hint.path }, lang }
  const query = buildQuery(title, note.text, hint.kind === 'words' ? hint.text : '', lang, index)
  if (hint.kind === 'folder') {
    // The person chose the folder: a page of it that clearly matches takes the note, else a new page.
    // Even a short note: the person said where it goes, only the page is left to choose.
    const [best, second] = scorePages(query, index, vocabulary, hint.folder)
    const clear = best && isClearMatch(best, second, query)
    return {
      decision: clear ? { kind: 'append', page: best.page } : { kind: 'create', folder: hint.folder },
      lang,
    }
  }
  if (query.distinct < MIN_TERMS) return leave({ code: 'too-short' })
  const ranked = scorePages(query, index, vocabulary)
  const [best, second] = ranked
  if (best && isClearMatch(best, second, query))
    return { decision: { kind: 'append', page: best.page }, lang }
  const folder = fittingFolder(ranked, index) ?? folderNamedByTitle(query, index, lang)
  if (folder !== undefined) return { decision: { kind: 'create', folder }, lang }
  // Two pages of different folders about as close: say which, so the person can pick with a hint.
  const close = best && second && best.score < second.score * APPEND_MARGIN && best.score >= CREATE_MIN
  if (close && best.matched >= MIN_SHARED && second.matched >= MIN_SHARED) {
    return leave({ code: 'tie', first: nameOf(best, index), second: nameOf(second, index) })
  }
  return leave({ code: 'no-match' })
}
