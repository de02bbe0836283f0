/**
 * Whether the best page takes a note, judged on independent evidence: the note's words over whole
 * pages and over single sections, the names it writes (an API, a product, a format), and its meaning.
 * Appending to the wrong page is the worst a filer can do, so a page must be ahead on more than one
 * count, or far ahead on words in both views; otherwise the note is left with the pages it could go to.
 * In a space of 50 pages or more, between pages that are not siblings, the append model
 * (append-model.ts), fitted on notes cut from real documents, has the last word on the best page: an
 * append these rules are sure of stands only if the model finds it likely enough (its `assent`), and
 * the model appends a note the rules are unsure of only where it is surer still (its `threshold`);
 * both bars are set where at most 2% of the fitting notes of each kind of documents went wrong. The
 * rules that stop an append outright (a title the page never uses, too few shared words, a name only
 * the runner-up holds) or give the note to the runner-up still hold. On the fitting notes, judged out
 * of fold, the rules with the model only adding appends never kept every kind within 2% wrong (the
 * rules alone sent 2 of 86 French manual notes astray).
 *
 * The rules' thresholds were set on the evaluation of real documents in shared/testing/filer-eval (the
 * hand-written notes, and the looked-at half of the leave-one-section-out corpora) and checked against
 * the fixture wikis of shared/testing/fixtures/filer.
 */
import type { Language } from '../text-words.ts'
import { appendEvidence } from './append-evidence.ts'
import {
  APPEND_MODEL,
  type AppendEvidence,
  type AppendModel,
  appendLikelihood,
  modelWeighs,
} from './append-model.ts'
import { APPEND_MIN, isClearMatch } from './clear-match.ts'
import { type PageIndex, pathKey } from './page-index.ts'
import type { Query, Scored } from './score.ts'
import { bestSection, type SectionScore } from './section-scores.ts'
import type { NoteMeaning } from './types.ts'

export type Judgement = {
  /** The page that takes the note, if one does: the best by words, or the runner-up its names point to. */
  taker: number | undefined
  /**
   * The note is about something no page covers, so a new page may hold it; otherwise a new page would
   * split a subject some page already has (also when the append model finds the best page likely to
   * take a note whose title no page uses).
   */
  newItem: boolean
  /** Pages the note could go to, best first, for a note left to a person (indexes into the index's pages). */
  candidates: number[]
  /** The best page by words and the runner-up, whose closeness in meaning was weighed. */
  weighed?: readonly [WeighedPage, WeighedPage]
  /** What the append model weighed of the note against the best page, when it weighed it. */
  evidence?: AppendEvidence
}

/** A page whose closeness to a note is weighed: its path, and its section that fits the words best. */
export type WeighedPage = { path: string; section: number }

/** How many of the best pages by words are also read section by section. */
const POOL = 5
/** Least share of the note's weight the best page must hold to be anything but a coincidence. */
const SCORE_MIN = 0.05
/** Fewest distinct terms a page must share with the note when no name backs it. */
const MIN_SHARED = 2
/**
 * Lead on words alone that is enough: the sum of the logs of both views' ratios, each view ahead too,
 * for a page holding at least APPEND_MIN of the note (one page sharing "Friday" is alone, not ahead).
 */
const STRONG_LEAD = 0.9
const STRONG_RATIO = 1.2
/** Least lead on words when another count backs the page: not a dead heat. */
const BACKED_LEAD = 0.1
/**
 * Lead on words (both views' log ratios summed) any append to the best page needs beyond what the
 * other rules ask, whatever backs it: none in a space of up to SMALL_SPACE pages, then LEAD_PER_RIVALS
 * for each factor e of pages beyond, up to LEAD_CAP. The more pages, the likelier some sibling (another
 * package of the same collective, another namespace page) shares a note's words as well as its own page
 * does: the best of many rivals is further ahead by chance alone, and a wrong append buries the note.
 * LEAD_PER_RIVALS was set on the looked-at half of the leave-one-section-out corpora (a hundred pages
 * each) for at most 2% of notes appended wrongly there; the cap keeps a large space from never filing.
 */
const SMALL_SPACE = 25
const LEAD_PER_RIVALS = 1.1
const LEAD_CAP = 2

/** The lead on words an append needs in a space of `pages` pages. */
function leadNeeded(pages: number): number {
  return Math.min(LEAD_CAP, LEAD_PER_RIVALS * Math.log(Math.max(1, pages / SMALL_SPACE)))
}

/** When the whole-page and section views disagree, names must back the page and words lead this much. */
const SPLIT_LEAD = 0.3
/** Share of the note's weight in names the best page holds and the other lacks, to count. */
const NAMES_LEAD = 0.05
/** Lead on words beyond which names held only by the runner-up no longer stop the best page. */
const NAMES_OVERRULED = 1.5
/** Share of the note's weight in names only the runner-up holds for it to take the note from the best. */
const NAMES_TAKEOVER = 0.1
/** How many times the best page's own names the runner-up's must weigh to take the note. */
const TAKEOVER_NAMES_RATIO = 2
/** How far ahead on whole pages the best page may be for names to give the note to the runner-up. */
const TAKEOVER_RATIO = 1.6
/** Cosine lead of the best page's closest chunk, or of its best section by words, that backs it. */
const MEANING_LEAD = 0.03
const SECTION_MEANING_LEAD = 0.05
/** Least share of the note's weight a page must hold to be offered at all. */
const CANDIDATE_MIN = 0.1
/** A page competes for the note when it holds this share of the best page's score. */
const CANDIDATE_SHARE = 0.5
const MAX_CANDIDATES = 3
/** Share of the title's weight in words no page has that makes a note a new item ("Notifications service"). */
const NEW_TITLE_SHARE = 0.5
/** Ratios are capped: a page alone with the note's words has an infinite lead that says no more. */
const RATIO_CAP = 20

function ratio(a: number, b: number | undefined): number {
  return b && b > 0 ? Math.min(a / b, RATIO_CAP) : RATIO_CAP
}

/**
 * Share of the note's weight in names page `a` holds and page `b` lacks: the names the note writes
 * (`zipSync`, `SQLite`) found in `a`'s text, and words of the note's title that are `a`'s own name (its
 * title, file name or labels: "Miroir pour installer Electron" names libraries/electron.md).
 */
function namesOnlyIn(query: Query, index: PageIndex, a: number, b: number | undefined): number {
  let sum = 0
  for (const [term, weight] of query.weights) {
    // A page's own name counts in the note's title only: "Kubernetes" in passing names no subject.
    const naming = query.titleTerms.has(term) ? index.named.get(term)?.pages : undefined
    const inName = (page: number | undefined) => page !== undefined && (naming?.includes(page) ?? false)
    let only = inName(a) && !inName(b)
    if (!only && query.names.has(term)) {
      const postings = index.postings.get(term) ?? []
      only = postings.some((p) => p.page === a) && !postings.some((p) => p.page === b)
    }
    if (only) sum += weight
  }
  return query.total > 0 ? sum / query.total : 0
}

/**
 * The note's closest chunk of a page, and its chunk at `section` (when the page has that many). A chunk
 * not measured is NaN (the service measures a long page's likeliest chunks only).
 */
function closeness(meaning: NoteMeaning | undefined, path: string, section: number) {
  const all = meaning?.chunks.get(path)
  const chunks = all?.filter((c) => !Number.isNaN(c))
  if (!chunks || chunks.length === 0) return undefined
  const own = section >= 0 ? all?.[section] : undefined
  return { best: Math.max(...chunks), section: own === undefined || Number.isNaN(own) ? undefined : own }
}

/** The meaning's say on `best` over `second`: backs it, goes against it, or (without vectors) nothing. */
function meaningSays(
  meaning: NoteMeaning | undefined,
  best: { path: string; section: SectionScore },
  second: { path: string; section: SectionScore } | undefined,
): 'backs' | 'against' | 'neutral' {
  if (!second) return 'neutral'
  const a = closeness(meaning, best.path, best.section.section)
  const b = closeness(meaning, second.path, second.section.section)
  if (!a || !b) return 'neutral'
  const lead = a.best - b.best
  const sectionLead = a.section !== undefined && b.section !== undefined ? a.section - b.section : 0
  if (lead >= 0 && (lead >= MEANING_LEAD || sectionLead >= SECTION_MEANING_LEAD)) return 'backs'
  return lead <= -MEANING_LEAD || sectionLead <= -SECTION_MEANING_LEAD ? 'against' : 'neutral'
}

/** Whether a page holds a word of the note's own title (the hint's words aside). */
function usesTitle(query: Query, index: PageIndex, page: number): boolean {
  for (const term of query.ownTitleTerms) {
    if (index.postings.get(term)?.some((p) => p.page === page)) return true
  }
  return false
}

/**
 * Least share of the space's pages (and fewest pages) that must head a section with a word for it to
 * name a kind of section ("Usage", "OPTIONS", "Description") rather than a subject. Set on the
 * looked-at halves of the leave-one-section-out evaluation, where 5 to 20% filed the same.
 */
const KIND_OF_SECTION_SHARE = 0.1
const KIND_OF_SECTION_MIN = 3

/**
 * Whether every word of the note's own title heads sections of many pages: such a title ("Usage")
 * says what kind of section the note is, and a page whose own such section was never written, or is
 * headed otherwise, is still the note's page. Its words then say nothing for or against a page.
 */
function namesKindOfSection(query: Query, index: PageIndex): boolean {
  const least = Math.max(KIND_OF_SECTION_MIN, index.pages.length * KIND_OF_SECTION_SHARE)
  for (const term of query.ownTitleTerms) if ((index.headingPages.get(term) ?? 0) < least) return false
  return query.ownTitleTerms.size > 0
}

/**
 * Whether the note is about something the space has no page for: no page near the top uses a word of
 * its title ("Crêpes de Mamie" beside the apple tart), or its title names what no page mentions
 * ("Terraform Cloud for state"). Only said of a note in the space's language: a French note's words are
 * unknown to English pages whatever its subject, so such a note is left to a person, never a new page.
 */
function isNewItem(query: Query, ranked: readonly Scored[], index: PageIndex, lang: Language): boolean {
  if (query.ownTitleTerms.size === 0 || lang !== index.language) return false
  // "Usage" names a kind of section, not a subject of its own.
  if (namesKindOfSection(query, index)) return false
  if (ranked.slice(0, MAX_CANDIDATES).every((s) => !usesTitle(query, index, s.page))) return true
  let unknown = 0
  let all = 0
  for (const term of query.ownTitleTerms) {
    const weight = query.weights.get(term) ?? 0
    all += weight
    if (!index.postings.has(term)) unknown += weight
  }
  return all > 0 && unknown >= all * NEW_TITLE_SHARE
}

/** The pages that compete for a note, best first: those near the best page's score. */
function competing(
  query: Query,
  ranked: readonly Scored[],
  bySection: readonly SectionScore[],
  index: PageIndex,
  lang: Language,
): number[] {
  const best = ranked[0]
  if (!best || best.score < CANDIDATE_MIN) return []
  // In the note's own language a page that never uses its title's words is not about it: "Birthday"
  // shares "order" with a postmortem. Across languages the title's words cannot be met.
  const relevant = (page: number) => lang !== index.pages[page]!.language || usesTitle(query, index, page)
  const pages = ranked
    .filter((s) => s.score >= best.score * CANDIDATE_SHARE && s.matched >= MIN_SHARED && relevant(s.page))
    .map((s) => s.page)
  // The page whose one section fits best competes too, even when its whole is further behind.
  const top = bySection[0]
  if (top && top.score >= CANDIDATE_MIN && !pages.includes(top.page) && relevant(top.page))
    pages.splice(1, 0, top.page)
  return pages.slice(0, MAX_CANDIDATES)
}

/** Page indexes of paths, those the index holds, in order. */
function pagesOf(paths: readonly string[], index: PageIndex): number[] {
  return paths.map((path) => index.pageByPath.get(pathKey(path))).filter((p): p is number => p !== undefined)
}

/**
 * The pages offered for a note left to a person: the best page by words first, whether or not it uses
 * the note's title (a section titled "Notes" or "Usage" names no page), then the pages competing for
 * it; when fewer than two, the best page of each other view (words over sections, meaning), then each
 * view's runner-up. A note left with one wrong page named costs the person a search; with its page
 * among three, one click.
 */
function offered(
  competing: readonly number[],
  ranked: readonly Scored[],
  bySection: readonly SectionScore[],
  index: PageIndex,
  meaning: NoteMeaning | undefined,
): number[] {
  const best = ranked[0]
  if (!best || best.score < CANDIDATE_MIN) return [...competing]
  const out = competing.includes(best.page) ? [...competing] : [best.page, ...competing]
  if (out.length >= 2) return out.slice(0, MAX_CANDIDATES)
  const near = pagesOf(meaning?.nearest ?? [], index)
  const views = [bySection[0]?.page, near[0], ranked[1]?.page, bySection[1]?.page, near[1]]
  for (const page of views) if (page !== undefined && !out.includes(page)) out.push(page)
  return out.slice(0, MAX_CANDIDATES)
}

/** Judges whether the best page of `ranked` (scored by words, best first) takes the note. */
export function judgeBest(
  query: Query,
  ranked: readonly Scored[],
  index: PageIndex,
  lang: Language,
  meaning?: NoteMeaning,
  model: AppendModel | null = APPEND_MODEL,
): Judgement {
  const [best, second] = ranked
  const titledNew = isNewItem(query, ranked, index, lang)
  if (!best || best.score < SCORE_MIN) return { taker: undefined, newItem: titledNew, candidates: [] }
  const bySection = ranked
    .slice(0, POOL)
    .map((s) => bestSection(query, s.page, index.sectionsOf(s.page)))
    .sort((a, b) => b.score - a.score || a.page - b.page)
  const rivals = competing(query, ranked, bySection, index, lang)
  const page = index.pages[best.page]!
  const titleUnused =
    query.ownTitleTerms.size > 0 && !namesKindOfSection(query, index) && !usesTitle(query, index, best.page)
  const namesFor = namesOnlyIn(query, index, best.page, second?.page)
  const namesAgainst = namesOnlyIn(query, index, second?.page ?? -1, best.page)
  const named = namesFor - namesAgainst >= NAMES_LEAD
  const sectionOf = (p: number) =>
    bySection.find((s) => s.page === p) ?? bestSection(query, p, index.sectionsOf(p))
  // The two pages the meaning is asked about, each with its section that fits the words best.
  const bestWeighed = { path: page.path, section: sectionOf(best.page) }
  const secondWeighed = second
    ? { path: index.pages[second.page]!.path, section: sectionOf(second.page) }
    : undefined
  const says = meaningSays(meaning, bestWeighed, secondWeighed)
  const clearByWords = isClearMatch(best, second, query)
  const [topSection, nextSection] = bySection
  const agree = topSection?.page === best.page
  const pageRatio = ratio(best.score, second?.score)
  const sectionRatio = ratio(topSection?.score ?? 0, nextSection?.score)
  const lead = Math.log(pageRatio) + Math.log(sectionRatio)
  const weighs = modelWeighs(index.pages.length, page.path, second && index.pages[second.page]!.path)
  const evidence: AppendEvidence | undefined = weighs
    ? appendEvidence(query, index, best, second, {
        pageRatio,
        sectionRatio,
        agree,
        sectionScore: sectionOf(best.page).score,
        namesFor,
        namesAgainst,
      })
    : undefined
  // Where the append model weighs the note, it has the last word on whether the best page takes it: an
  // append the rules below are sure of stands only if the model finds it likely enough, and the model
  // appends alone only where it is surer still (both bars set on notes cut from real documents, for at
  // most 2% of each kind's notes appended wrongly). Elsewhere (a small space, sibling pages, the rules
  // alone) the rules decide.
  const bars = model !== null && evidence !== undefined ? model : undefined
  const likelihood = bars && evidence ? appendLikelihood(evidence, bars) : 0
  // A title no page uses, on a note the model finds its best page likely to take (a section its page
  // has no word for: "Sponsors", "Caveats"): a new page would split that page's subject. Left instead.
  const newItem = titledNew && !(bars && likelihood >= bars.assent)
  // A note about something no page covers ("Birthday") is offered only the pages competing for it.
  const candidates = newItem ? rivals : offered(rivals, ranked, bySection, index, meaning)
  const takes = (confident: boolean, taker: number) => {
    if (taker !== best.page) return confident
    const sure = confident && lead >= leadNeeded(index.pages.length)
    if (!bars) return sure
    return (sure && likelihood >= bars.assent) || likelihood >= bars.threshold
  }
  const judged = (taker: number | undefined): Judgement => ({
    taker,
    ...(evidence ? { evidence } : {}),
    newItem,
    candidates,
    ...(secondWeighed
      ? {
          weighed: [
            { path: bestWeighed.path, section: bestWeighed.section.section },
            { path: secondWeighed.path, section: secondWeighed.section.section },
          ] as const,
        }
      : {}),
  })
  const verdict = (confident: boolean, taker = best.page) =>
    judged(takes(confident, taker) ? taker : undefined)
  // An append these rules stop, the model may not make either.
  const stop = () => judged(undefined)

  if (best.matched < MIN_SHARED && !named) return stop()
  // A note whose title words the page never uses, in the page's own language, is a new item of the
  // same kind ("Crêpes de Mamie" beside the apple tart), not news about that page.
  if (titleUnused && lang === page.language) return stop()

  // Far ahead in both views: whole pages and their best sections.
  const strong =
    agree &&
    best.score >= APPEND_MIN &&
    lead >= STRONG_LEAD &&
    pageRatio >= STRONG_RATIO &&
    sectionRatio >= STRONG_RATIO
  if (strong) return verdict(true)
  // Clearly ahead over whole pages, and the meaning does not point elsewhere.
  if (clearByWords && says !== 'against') return verdict(true)
  // Closer races: a name only this page holds, or the meaning, must back it, and no name the runner-up
  // holds may speak against it.
  const outnamed = namesAgainst - namesFor >= NAMES_LEAD && lead < NAMES_OVERRULED
  if (outnamed) {
    // The runner-up holds most of the names the note writes (`createRemoteJWKSet`, `LightningFS`), the
    // race on words is close, and the meaning does not favour the best: the names decide.
    const takeover =
      second !== undefined &&
      namesAgainst >= NAMES_TAKEOVER &&
      namesAgainst >= namesFor * TAKEOVER_NAMES_RATIO &&
      pageRatio <= TAKEOVER_RATIO &&
      says !== 'backs' &&
      (lang !== index.pages[second.page]!.language || usesTitle(query, index, second.page))
    return takeover ? verdict(true, second?.page) : stop()
  }
  if (!agree) return verdict(named && lead >= SPLIT_LEAD)
  // A new item of a kind is close in meaning to its siblings ("ADR-004" to "ADR-003"): for such a note
  // the meaning cannot back the page, only words and names can.
  return verdict((named || (says === 'backs' && !titledNew)) && lead >= BACKED_LEAD)
}
