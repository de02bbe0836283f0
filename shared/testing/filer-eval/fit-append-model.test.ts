import { describe, expect, it } from 'vitest'
import type { AppendEvidence } from '../../domain/filer/append-model.ts'
import { appendsOf, fitAppendModel, type Sample } from './fit-append-model.ts'

/** A fixed pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0
    return s / 2 ** 32
  }
}

/**
 * Notes whose best page is right more often the further it leads on words: the lead decides, the
 * other evidence is noise.
 */
function samples(count: number, seed: number): Sample[] {
  const next = random(seed)
  return Array.from({ length: count }, (_, i) => {
    const pageLead = next() * 2
    const right = next() < 1 / (1 + Math.exp(-(4 * pageLead - 2)))
    const evidence: AppendEvidence = {
      pageLead,
      sectionLead: next(),
      agree: next() < 0.8 ? 1 : 0,
      score: next(),
      sectionScore: next() / 2,
      namesFor: next() / 5,
      namesAgainst: next() / 10,
      nearest: next() < 0.5 ? 1 : 0,
      matchedShare: next(),
    }
    return { evidence, right, note: { title: `Note ${i}`, best: 'a.md', page: right ? 'a.md' : 'b.md' } }
  })
}

describe('fitting the append model', () => {
  const fitting = samples(600, 1)
  const model = fitAppendModel(fitting)

  it('learns which evidence tells a right best page', () => {
    expect(model.weights.pageLead).toBeGreaterThan(1)
    for (const key of ['sectionLead', 'score', 'matchedShare'] as const)
      expect(Math.abs(model.weights[key])).toBeLessThan(model.weights.pageLead / 4)
  })

  it('sets the bar where at most 1% of the fitting notes go to a wrong page', () => {
    const { right, wrong } = appendsOf(fitting, model)
    expect(wrong).toBeLessThanOrEqual(fitting.length * 0.01)
    expect(right).toBeGreaterThan(fitting.length * 0.2)
  })

  it('holds on notes it was not fitted on', () => {
    const other = samples(600, 2)
    const { right, wrong } = appendsOf(other, model)
    expect(wrong).toBeLessThanOrEqual(other.length * 0.02)
    expect(right).toBeGreaterThan(other.length * 0.2)
  })

  it('refuses to fit on nothing', () => {
    expect(() => fitAppendModel([])).toThrow(/no samples/)
  })
})
