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
      corpus: 'READMEs',
      orphan: false,
      open: true,
      rulesSure: false,
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

  it('sets the bar where at most 2% of the fitting notes go to a wrong page', () => {
    const { right, wrong } = appendsOf(fitting, model)
    expect(wrong).toBeLessThanOrEqual(fitting.length * 0.02)
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

  it('holds the bar on every kind of documents, not only on the pooled notes', () => {
    // A harder kind: a long lead on words goes to the wrong page one time in three.
    const next = random(3)
    const manuals = samples(150, 4).map((s, i) => ({
      ...s,
      space: `manuals-${i % 3}`,
      corpus: 'manual pages',
      right: s.right && next() > 1 / 3,
    }))
    const both = [...fitting, ...manuals]
    const pooled = fitAppendModel(both.map((s) => ({ ...s, corpus: 'all' })))
    const perKind = fitAppendModel(both)
    expect(perKind.threshold).toBeGreaterThan(pooled.threshold)
    expect(appendsOf(manuals, pooled).wrong).toBeGreaterThan(manuals.length * 0.02)
    expect(appendsOf(manuals, perKind).wrong).toBeLessThanOrEqual(manuals.length * 0.02)
    expect(appendsOf(fitting, perKind).wrong).toBeLessThanOrEqual(fitting.length * 0.02)
  })

  it('leaves the notes the rules stop to them, and counts the wrong runner-ups the rules take', () => {
    // Notes the rules stop outright (a title the page never uses) are never the model's to append,
    // however far ahead their best page: they neither take room under the bar nor get appended.
    const stopped = fitting.map((s, i) => (i % 10 === 0 ? { ...s, right: false, open: false } : s))
    const model = fitAppendModel(stopped)
    expect(
      appendsOf(
        stopped.filter((s) => !s.open),
        model,
      ),
    ).toEqual({ right: 0, wrong: 0 })
    expect(appendsOf(stopped, model).wrong).toBeLessThanOrEqual(stopped.length * 0.02)
    // A note the rules give to the runner-up its names point to is theirs; when wrong, it counts.
    const takenOver = fitting.map((s, i) =>
      i % 50 === 0
        ? { ...s, open: false, takeover: i % 100 === 0 ? ('wrong' as const) : ('right' as const) }
        : s,
    )
    const stricter = fitAppendModel(takenOver)
    expect(stricter.threshold).toBeGreaterThan(fitAppendModel(fitting).threshold)
    expect(appendsOf(takenOver, stricter).wrong).toBeLessThanOrEqual(takenOver.length * 0.02)
  })

  it("lets the rules' sure appends stand where the model assents, and stops those it finds unlikely", () => {
    // The rules are sure of three notes in ten, wrongly so when the best page is barely ahead.
    const withRules = fitting.map((s, i) =>
      i % 10 < 3 ? { ...s, rulesSure: true, right: s.right && s.evidence.pageLead >= 0.5 } : s,
    )
    const model = fitAppendModel(withRules)
    expect(model.assent).toBeGreaterThan(0)
    expect(model.assent).toBeLessThanOrEqual(model.threshold)
    const { right, wrong } = appendsOf(withRules, model)
    expect(wrong).toBeLessThanOrEqual(withRules.length * 0.02)
    const alone = appendsOf(withRules, { ...model, assent: model.threshold })
    expect(right).toBeGreaterThan(alone.right)
  })

  it('refuses to fit on nothing', () => {
    expect(() => fitAppendModel([])).toThrow(/no samples/)
  })
})
