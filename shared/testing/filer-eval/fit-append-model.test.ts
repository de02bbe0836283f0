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
      matchedShare: next(),
      nameWritten: next(),
      nameLead: next() - 0.5,
      unknownShare: next() / 4,
    }
    return {
      evidence,
      right,
      note: { title: `Note ${i}`, best: 'a.md', page: right ? 'a.md' : 'b.md' },
      space: `space-${i % 4}`,
      orphan: false,
    }
  })
}

describe('fitting the append model', () => {
  const fitting = samples(600, 1)
  const model = fitAppendModel(fitting)

  it('learns which evidence tells a right best page', () => {
    expect(model.weights.pageLead).toBeGreaterThan(1)
    for (const key of ['sectionLead', 'score', 'matchedShare', 'nameWritten'] as const)
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

  it('sets the bar on notes of spaces the model judging them was not fitted on', () => {
    // A model judging the notes it was fitted on is surer of them than of another space's: its bar
    // would let more notes of a new space go wrong.
    const oneSpace = fitAppendModel(fitting.map((s) => ({ ...s, space: 'only' })))
    expect(oneSpace.weights).toEqual(model.weights)
    expect(model.threshold).not.toBe(oneSpace.threshold)
    const { wrong } = appendsOf(samples(600, 2), model)
    expect(wrong).toBeLessThanOrEqual(appendsOf(samples(600, 2), oneSpace).wrong)
  })

  it("counts the rules' wrong appends against its bar, leaving the model less room", () => {
    // The rules append a tenth of the notes, three of them (0.5%) to a wrong page: the person meets
    // those as well as the model's.
    const withRules = fitting.map((s, i) =>
      i % 10 === 0 ? { ...s, byRules: i % 200 === 0 ? ('wrong' as const) : ('right' as const) } : s,
    )
    const stricter = fitAppendModel(withRules)
    expect(stricter.threshold).toBeGreaterThan(model.threshold)
    expect(appendsOf(withRules, stricter).wrong).toBeLessThanOrEqual(withRules.length * 0.01)
  })

  it('refuses to fit on nothing', () => {
    expect(() => fitAppendModel([])).toThrow(/no samples/)
  })
})
