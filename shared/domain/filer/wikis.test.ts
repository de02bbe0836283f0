import { describe, expect, it } from 'vitest'
import { describeOutcome, expectedFolder, judge, KNOWN_MISSES } from '../../testing/fixtures/filer/judge.ts'
import { type FixtureWiki, HOUSEHOLD_WIKI, OPS_WIKI } from '../../testing/fixtures/filer/wikis.ts'
import { folderOf } from '../links/paths.ts'

const MIN_ACCURACY = 0.85

describe.each([OPS_WIKI, HOUSEHOLD_WIKI])('filing the $name', (wiki: FixtureWiki) => {
  const outcomes = judge(wiki)

  it('files at least 85% of the notes where a person would', () => {
    const right = outcomes.filter((o) => o.right).length
    const accuracy = right / outcomes.length
    console.info(
      `${wiki.name}: ${right}/${outcomes.length} notes filed as a person would (${Math.round(accuracy * 100)}%)\n` +
        outcomes.map(describeOutcome).join('\n'),
    )
    expect(accuracy).toBeGreaterThanOrEqual(MIN_ACCURACY)
  })

  it.each(outcomes.map((o) => [o.case.note.name, o] as const))('%s', (name, outcome) => {
    const miss = KNOWN_MISSES[name]
    if (!miss) {
      expect(describeOutcome(outcome)).toMatch(/^✓/)
      return
    }
    const op = outcome.operation
    const wanted = expectedFolder(outcome.case.expected)
    expect(op.kind === 'leave' || (wanted !== undefined && folderOf(op.path) === wanted)).toBe(true)
  })

  it('files every note with a page hint exactly on that page', () => {
    const isPagePath = (hint: string) => hint.includes('/') && !hint.endsWith('/')
    const hinted = outcomes.filter((o) => o.case.expected.kind === 'append' && isPagePath(o.case.note.hint))
    expect(hinted.length).toBeGreaterThan(0)
    for (const o of hinted) {
      expect(o.operation).toMatchObject({ kind: 'append', path: (o.case.expected as { path: string }).path })
    }
  })

  it('never appends a note to a page of another folder than a person would choose', () => {
    for (const o of outcomes) {
      const wanted = expectedFolder(o.case.expected)
      if (o.operation.kind === 'append' && wanted !== undefined) {
        expect(folderOf(o.operation.path), o.case.note.name).toBe(wanted)
      }
    }
  })

  it('leaves every note a person would leave', () => {
    for (const o of outcomes.filter((x) => x.case.expected.kind === 'leave')) {
      expect(o.operation.kind, o.case.note.name).toBe('leave')
    }
  })

  it('writes every reason in the note’s language', () => {
    const english = /\b(?:this|no|the)\b/i
    for (const o of outcomes) {
      if (o.operation.kind !== 'leave') continue
      expect(english.test(o.operation.reason), o.case.note.name).toBe(wiki === OPS_WIKI)
    }
  })
})
