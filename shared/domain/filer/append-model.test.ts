import { describe, expect, it } from 'vitest'
import { APPEND_MODEL, type AppendEvidence, appendLikelihood, modelWeighs } from './append-model.ts'

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
