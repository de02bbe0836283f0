/** What the append model (append-model.ts) is given of a note against its best page by words. */
import type { AppendEvidence } from './append-model.ts'
import type { PageIndex } from './page-index.ts'
import type { Query, Scored } from './score.ts'

/** What the filer's rules already measured of the note against its two best pages. */
export type Measured = {
  /** How far the best page is ahead of the runner-up over whole pages, and over best sections (ratios). */
  pageRatio: number
  sectionRatio: number
  /** Whether the best page by whole pages also holds the best section. */
  agree: boolean
  /** The best page's best section's score. */
  sectionScore: number
  /** Shares of the note's weight in names only the best page, and only the runner-up, holds. */
  namesFor: number
  namesAgainst: number
}

/** The evidence the append model weighs, from what the rules measured and the note's own words. */
export function appendEvidence(
  query: Query,
  index: PageIndex,
  best: Scored,
  second: Scored | undefined,
  measured: Measured,
): AppendEvidence {
  const written = nameWritten(query, index, best.page)
  return {
    pageLead: Math.log(measured.pageRatio),
    sectionLead: Math.log(measured.sectionRatio),
    agree: measured.agree ? 1 : 0,
    score: best.score,
    sectionScore: measured.sectionScore,
    namesFor: measured.namesFor,
    namesAgainst: measured.namesAgainst,
    matchedShare: best.matched / Math.max(1, query.distinct),
    nameWritten: written,
    nameLead: written - nameWritten(query, index, second?.page),
    unknownShare: unknownShare(query, index),
  }
}

/** Share of a page's own name (title, file name, labels; each word by its rarity) the note's words write. */
function nameWritten(query: Query, index: PageIndex, page: number | undefined): number {
  if (page === undefined) return 0
  let sum = 0
  for (const term of query.weights.keys()) {
    const named = index.named.get(term)
    if (named?.pages.includes(page)) sum += named.idf
  }
  const total = index.namedTotal[page] ?? 0
  return total > 0 ? sum / total : 0
}

/** Share of the note's weight in terms no page of the space holds. */
function unknownShare(query: Query, index: PageIndex): number {
  let sum = 0
  for (const [term, weight] of query.weights) if (!index.postings.has(term)) sum += weight
  return query.total > 0 ? sum / query.total : 0
}
