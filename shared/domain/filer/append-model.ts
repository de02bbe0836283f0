/**
 * How likely the best page by words is a note's page, from what the filer measured of the note against
 * it and its runner-up: a logistic model, fitted on notes nobody wrote for the filer (sections cut from
 * installed packages' READMEs and from Debian's English and French manual pages, of manpages and of
 * every other package, never the held-out half the evaluation reports), and on notes cut from pages
 * the space does not hold, which no page should take. Where it weighs a note, it has the last word on
 * whether the best page takes it (see confidence.ts). Its bars are set on notes of spaces each fitted
 * model never saw, for every kind of documents alike. `npm run bench -- "append model"` fits it again
 * and prints the constants below; see shared/testing/filer-eval/fit-append-model.ts.
 */

/** What the filer measured of a note against its best page by words (the runner-up's the yardstick). */
export type AppendEvidence = {
  /** Log of how far the best page is ahead of the runner-up over whole pages (ratio capped). */
  pageLead: number
  /** Log of how far the best section (of the best few pages) is ahead of the next page's best section. */
  sectionLead: number
  /** 1 when the best page by whole pages also holds the best section, else 0. */
  agree: number
  /** The best page's score: the share of the note's weight it holds. */
  score: number
  /** The best page's best section's score, a share of the note's weight as well. */
  sectionScore: number
  /** Share of the note's weight in names the best page holds and the runner-up lacks. */
  namesFor: number
  /** Share of the note's weight in names the runner-up holds and the best page lacks. */
  namesAgainst: number
  /** Share of the note's distinct terms the best page holds: many common words met is no subject. */
  matchedShare: number
  /**
   * Share of the best page's own name (its title, file name and labels, by rarity) the note writes,
   * in its title or its text: a note about chattr says "chattr", one about backups "backup".
   */
  nameWritten: number
  /** How much more of the best page's name the note writes than of the runner-up's. */
  nameLead: number
  /** Share of the note's weight in words no page of the space holds: a subject of its own. */
  unknownShare: number
}

export const EVIDENCE_KEYS = [
  'pageLead',
  'sectionLead',
  'agree',
  'score',
  'sectionScore',
  'namesFor',
  'namesAgainst',
  'matchedShare',
  'nameWritten',
  'nameLead',
  'unknownShare',
] as const satisfies readonly (keyof AppendEvidence)[]

/** A fitted model: each evidence's centre and scale, its weight once scaled, the bias and the bar. */
export type AppendModel = {
  mean: AppendEvidence
  scale: AppendEvidence
  weights: AppendEvidence
  bias: number
  /**
   * Least likelihood at which the model appends a note alone, and `assent` the least at which an append
   * the rules are sure of stands: the pair at which at most 2% of the fitting notes with a page of each
   * kind of documents (READMEs, English or French manual pages) went to a wrong one and most went to
   * their own, each space's notes judged by a model fitted without them; the wrong runner-ups the rules
   * give notes to counted. A bar on the pooled notes would be set mostly by the largest, easiest kind.
   * A wrong append buries a person's fact under an unrelated page; a note left costs one click.
   */
  threshold: number
  assent: number
}

/** The model the filer uses: fitted 2026-12-03 on 1,111 notes with a page and 203 without (see the head). */
export const APPEND_MODEL: AppendModel = {
  mean: {
    pageLead: 0.5265,
    sectionLead: 0.561,
    agree: 0.8478,
    score: 0.4708,
    sectionScore: 0.2494,
    namesFor: 0.04497,
    namesAgainst: 0.01172,
    matchedShare: 0.5384,
    nameWritten: 0.4762,
    nameLead: 0.2638,
    unknownShare: 0.1286,
  },
  scale: {
    pageLead: 0.4104,
    sectionLead: 0.4344,
    agree: 0.3592,
    score: 0.2099,
    sectionScore: 0.1286,
    namesFor: 0.07594,
    namesAgainst: 0.02818,
    matchedShare: 0.1927,
    nameWritten: 0.3335,
    nameLead: 0.3688,
    unknownShare: 0.1361,
  },
  weights: {
    pageLead: 1.378,
    sectionLead: 0.4954,
    agree: 0.1961,
    score: 1.438,
    sectionScore: -0.6489,
    namesFor: 0.1439,
    namesAgainst: -0.1808,
    matchedShare: -1.106,
    nameWritten: 0.7566,
    nameLead: 0.2484,
    unknownShare: -0.363,
  },
  bias: 1.799,
  threshold: 0.949,
  assent: 0.7,
}

/** Fewest pages of a space the model weighs notes in: the smallest spaces it was fitted on. */
export const MODEL_MIN_PAGES = 50
/** Shortest first word of two pages' names that makes them siblings when one begins the other. */
const SIBLING_STEM = 4

/** The first word of a page's file name: `pino` of packages/pino-abstract-transport.md, `e2scrub` of e2scrub_all-8.md. */
function stem(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase()
  return name.split(/[^\p{L}\p{N}]+/u)[0] ?? ''
}

/**
 * Whether the model may weigh a note whose best page by words is `best` and runner-up `second`, in a
 * space of `pages` pages: not in a space smaller than it was fitted on, where a lead on words says
 * something else, nor between sibling pages (pino and pino-abstract-transport, locale and localedef,
 * lilo and liloconfig), whose words say little about which of them a note is about; most wrong appends
 * of its fitting notes were between such siblings. The filer's rules still judge such notes.
 */
export function modelWeighs(pages: number, best: string, second: string | undefined): boolean {
  if (pages < MODEL_MIN_PAGES) return false
  if (second === undefined) return true
  const [a, b] = [stem(best), stem(second)]
  return !(a.length >= SIBLING_STEM && b.length >= SIBLING_STEM && (a.startsWith(b) || b.startsWith(a)))
}

/** The model's likelihood, between 0 and 1, that the best page is the note's. */
export function appendLikelihood(evidence: AppendEvidence, model: AppendModel = APPEND_MODEL): number {
  let z = model.bias
  for (const key of EVIDENCE_KEYS) {
    z += (model.weights[key] * (evidence[key] - model.mean[key])) / model.scale[key]
  }
  return 1 / (1 + Math.exp(-z))
}
