/** Where one note goes, from its hint and its scores: a page, a folder, or nowhere (with a reason). */
import { baseName } from '../links/paths.ts'
import { detectLanguage, type Language } from '../text-words.ts'
import type { AppendModel } from './append-model.ts'
import { isClearMatch } from './clear-match.ts'
import { type Judgement, judgeBest } from './confidence.ts'
import { readHint } from './hints.ts'
import { type PageIndex, pathKey } from './page-index.ts'
import type { LeaveReason, PageName } from './reasons.ts'
import { buildQuery, type Query, type Scored, scorePages } from './score.ts'
import { termsOf } from './terms.ts'
import type { FilerNote, NoteMeaning } from './types.ts'

export type Decision =
  | { kind: 'append'; page: number }
  | { kind: 'create'; folder: string }
  | { kind: 'create-at'; path: string }
  | { kind: 'leave'; reason: LeaveReason; candidates: number[] }

export type Decided = {
  decision: Decision
  lang: Language
  /** The two pages whose closeness in meaning to the note was weighed (see Judgement). */
  weighed?: Judgement['weighed']
  /** What the append model weighed of the note against its best page by words, if it weighed it. */
  evidence?: Judgement['evidence']
}

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

function nameOf(page: number, index: PageIndex): PageName {
  const found = index.pages[page]!
  return { title: found.title, path: found.path }
}

/** Least share of the nearest pages by meaning that must sit in one folder for a new page there. */
const MEANING_FOLDER_SHARE = 2 / 3
const MEANING_FOLDER_PAGES = 3

// The folder whose pages are nearest the note in meaning: most of the nearest few agree on it.
function folderByMeaning(meaning: NoteMeaning | undefined, index: PageIndex): string | undefined {
  const nearest = (meaning?.nearest ?? [])
    .slice(0, MEANING_FOLDER_PAGES)
    .map((path) => index.pageByPath.get(pathKey(path)))
    .filter((page): page is number => page !== undefined)
  if (nearest.length < MEANING_FOLDER_PAGES) return undefined
  const counts = new Map<string, number>()
  for (const page of nearest) {
    const folder = index.pages[page]!.folder
    counts.set(folder, (counts.get(folder) ?? 0) + 1)
  }
  const [folder, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!
  if (count < nearest.length * MEANING_FOLDER_SHARE) return undefined
  return folder === '' && index.folders.length > 0 ? undefined : folder
}

/**
 * Decides where a note goes. `vocabulary` is the vocation's words per folder; `model` the append model
 * that decides the appends it weighs (null: the rules alone).
 */
export function decide(
  note: FilerNote,
  title: string,
  index: PageIndex,
  vocabulary: ReadonlyMap<string, ReadonlySet<string>>,
  meaning?: NoteMeaning,
  model?: AppendModel | null,
): Decided {
  const lang = detectLanguage(`${title}\n${note.text}`, index.language)
  const leave = (reason: LeaveReason, candidates: number[] = []): Decided => ({
    decision: { kind: 'leave', reason, candidates },
    lang,
  })
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
  const judged = judgeBest(query, ranked, index, lang, meaning, model)
  const weighed = {
    ...(judged.weighed ? { weighed: judged.weighed } : {}),
    ...(judged.evidence ? { evidence: judged.evidence } : {}),
  }
  if (judged.taker !== undefined)
    return { decision: { kind: 'append', page: judged.taker }, lang, ...weighed }
  if (judged.newItem) {
    // No page is about the subject: a new page, where the pages nearest in meaning (else in words) are.
    // The meaning's folder counts where the words' best page is too: nearest pages of a vague note
    // ("shopping list", "birthday") can sit together by chance.
    const byMeaning = folderByMeaning(meaning, index)
    const best = ranked[0]
    const agreed =
      byMeaning !== undefined && best && index.pages[best.page]!.folder === byMeaning ? byMeaning : undefined
    const folder = agreed ?? fittingFolder(ranked, index) ?? folderNamedByTitle(query, index, lang)
    if (folder !== undefined) return { decision: { kind: 'create', folder }, lang, ...weighed }
  }
  // Pages compete, or one fits without being clearly the place: say which, for the person to pick.
  const candidates =
    judged.candidates.length > 0
      ? judged.candidates
      : (meaning?.nearest ?? [])
          .slice(0, 2)
          .map((path) => index.pageByPath.get(pathKey(path)))
          .filter((page): page is number => page !== undefined)
  if (candidates.length > 0)
    return {
      ...leave({ code: 'candidates', pages: candidates.map((p) => nameOf(p, index)) }, candidates),
      ...weighed,
    }
  return { ...leave({ code: 'no-match' }), ...weighed }
}
