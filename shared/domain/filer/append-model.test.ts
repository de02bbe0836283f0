import { describe, expect, it } from 'vitest'
import { APPEND_MODEL, type AppendEvidence, appendLikelihood, modelWeighs } from './append-model.ts'
import { decide } from './decide.ts'
import { buildIndex } from './page-index.ts'

/** A note's evidence against a page far ahead on every count, in a space of a hundred pages. */
const farAhead: AppendEvidence = {
  pageLead: Math.log(3),
  sectionLead: Math.log(2.5),
  agree: 1,
  score: 0.7,
  sectionScore: 0.3,
  namesFor: 0.2,
  namesAgainst: 0,
  matchedShare: 0.5,
  nameWritten: 0.5,
  nameLead: 0.5,
  unknownShare: 0,
}

describe('the append model', () => {
  it('appends to a page far ahead of its runner-up on words and names', () => {
    expect(appendLikelihood(farAhead)).toBeGreaterThanOrEqual(APPEND_MODEL.threshold)
  })

  it('does not append in a dead heat between two pages', () => {
    const heat = { ...farAhead, pageLead: Math.log(1.05), sectionLead: Math.log(1.05), namesFor: 0 }
    expect(appendLikelihood(heat)).toBeLessThan(APPEND_MODEL.threshold)
  })

  it('does not append when the runner-up holds the names the note writes', () => {
    const outnamed = { ...farAhead, pageLead: Math.log(1.3), namesFor: 0, namesAgainst: 0.2 }
    expect(appendLikelihood(outnamed)).toBeLessThan(appendLikelihood({ ...outnamed, namesAgainst: 0 }))
  })

  it("is likelier when the note writes the best page's own name rather than the runner-up's", () => {
    const close = { ...farAhead, pageLead: Math.log(1.4), namesFor: 0 }
    const naming = appendLikelihood({ ...close, nameWritten: 1, nameLead: 1 })
    const namingOther = appendLikelihood({ ...close, nameWritten: 0, nameLead: -1 })
    expect(naming).toBeGreaterThan(appendLikelihood({ ...close, nameWritten: 0, nameLead: 0 }))
    expect(namingOther).toBeLessThan(APPEND_MODEL.threshold)
  })

  it('grows more likely as the best page pulls ahead', () => {
    const leads = [1.1, 1.5, 2, 4].map((r) => appendLikelihood({ ...farAhead, pageLead: Math.log(r) }))
    expect(leads).toEqual([...leads].sort((a, b) => a - b))
  })
})

describe('where the append model weighs a note', () => {
  it('not in a space smaller than those it was fitted on', () => {
    expect(modelWeighs(12, 'recipes/tart.md', 'recipes/soup.md')).toBe(false)
    expect(modelWeighs(50, 'recipes/tart.md', 'recipes/soup.md')).toBe(true)
  })

  it('not between sibling pages, one name beginning the other', () => {
    expect(modelWeighs(100, 'packages/pino-abstract-transport.md', 'packages/pino.md')).toBe(false)
    expect(modelWeighs(100, 'commande/localedef-1.md', 'commande/locale-1.md')).toBe(false)
    expect(modelWeighs(100, 'manuel/liloconfig-8.md', 'manuel/lilo-uuid-diskid-8.md')).toBe(false)
    expect(modelWeighs(100, 'manuel/e2scrub_all-8.md', 'manuel/e2scrub-8.md')).toBe(false)
  })

  it('between pages of unrelated names, and for a page with no runner-up', () => {
    expect(modelWeighs(100, 'packages/progress.md', 'packages/electron-get.md')).toBe(true)
    // A first word shorter than four letters names no family: "ip" beside "ipv6".
    expect(modelWeighs(100, 'manual/ip-7.md', 'manual/ipv6-7.md')).toBe(true)
    expect(modelWeighs(100, 'packages/yjs.md', undefined)).toBe(true)
  })
})

describe('who decides an append', () => {
  const tools = ['lz4', 'xz', 'brotli', 'gzip', 'bzip2', 'lzop', 'pigz', 'zpaq', 'lrzip', 'zopfli']
  const commands = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      path: `manual/command-${i}.md`,
      text: `# command-${i}\n\nCommand ${i} prints report ${i} about ${tools[i % tools.length]} batches of ledger ${i}.\n`,
    }))
  const zstd = {
    path: 'manual/zstd.md',
    text: '# zstd\n\nzstd compresses files with Zstandard. Compression levels run from 1 to 19; long-distance matching helps large archives; dictionaries help small files.\n',
  }
  const levels = {
    name: 'levels',
    title: 'zstd levels',
    text: 'Zstandard compression levels above 19 need --ultra, and long-distance matching takes more memory.',
    hint: '',
  }
  // Bars no likelihood reaches: the model appends nothing alone, and lets no append of the rules stand.
  const never = { ...APPEND_MODEL, threshold: 1.01, assent: 1.01 }
  const fileIn = (pages: { path: string; text: string }[], model?: typeof never | null) => {
    const index = buildIndex(pages)
    const { decision } = decide(levels, levels.title, index, new Map(), undefined, model)
    return decision.kind === 'append' ? index.pages[decision.page]!.path : decision.kind
  }

  it('in a space of 50 pages or more, the model has the last word: the rules being sure is not enough', () => {
    const space = [zstd, ...commands(59)]
    expect(fileIn(space, null)).toBe('manual/zstd.md')
    expect(fileIn(space)).toBe('manual/zstd.md')
    expect(fileIn(space, never)).toBe('leave')
    // An append the rules are sure of needs the model's assent only, not the bar it appends alone at.
    expect(fileIn(space, { ...never, assent: 0 })).toBe('manual/zstd.md')
  })

  it('in a smaller space, the rules alone', () => {
    expect(fileIn([zstd, ...commands(11)], never)).toBe('manual/zstd.md')
  })

  // A section whose heading its page has no word for, cut out as a note: no page uses its title.
  const ultra = {
    name: 'ultra',
    title: 'Ultra mode',
    text: 'Zstandard compression levels above 19 take long-distance matching, more memory and dictionaries for small files: ledger batches too.',
    hint: '',
  }
  const decideUltra = (pages: { path: string; text: string }[], model: typeof never) => {
    const index = buildIndex(pages)
    const { decision } = decide(ultra, ultra.title, index, new Map(), undefined, model)
    return {
      decision,
      paths: (decision.kind === 'leave' ? decision.candidates : []).map((p) => index.pages[p]!.path),
    }
  }

  it('makes no new page of a note whose title no page uses when the model finds its best page likely', () => {
    const space = [zstd, ...commands(59)]
    // Likely enough for its assent: the page's subject is not split; the note is left with the page offered.
    const left = decideUltra(space, { ...never, assent: 0 })
    expect(left.decision.kind).toBe('leave')
    expect(left.paths[0]).toBe('manual/zstd.md')
    // Not likely: a subject of its own, on a new page beside the pages nearest it.
    expect(decideUltra(space, never).decision).toMatchObject({ kind: 'create', folder: 'manual' })
    // In a smaller space the model does not weigh the note: the title decides.
    expect(decideUltra([zstd, ...commands(11)], { ...never, assent: 0 }).decision.kind).toBe('create')
  })
})
