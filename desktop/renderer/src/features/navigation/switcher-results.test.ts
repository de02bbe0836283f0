import { describe, expect, it } from 'vitest'
import type { PageRef } from './queries.ts'
import { matchesQuery, SHOWN_LIMIT, switcherItems } from './switcher-results.ts'

const page = (space: string, path: string, title: string): PageRef => ({
  org: 'acme',
  space,
  space_name: space.toUpperCase(),
  path,
  title,
})

const setup = page('handbook', 'guides/setup.md', 'Setup guide')
const holidays = page('handbook', 'holidays.md', 'Holidays')
const payroll = page('finance', 'payroll/runs.md', 'Payroll runs')
const événement = page('events', 'événements.md', 'Événements d’été')

describe('matchesQuery', () => {
  it('finds every typed word in the title or the path, whatever the case and accents', () => {
    expect(matchesQuery(setup, 'SET')).toBe(true)
    expect(matchesQuery(setup, 'guides')).toBe(true)
    expect(matchesQuery(setup, 'guide setup')).toBe(true)
    expect(matchesQuery(setup, 'setup holidays')).toBe(false)
    expect(matchesQuery(événement, 'evenements ete')).toBe(true)
  })
})

describe('switcherItems', () => {
  it('lists the pages viewed lately when nothing is typed', () => {
    expect(switcherItems('  ', [holidays, setup], [payroll], false)).toEqual([holidays, setup])
  })

  it('puts the viewed pages that match first, then the server’s answer in its order, each once', () => {
    const items = switcherItems('u', [holidays, setup], [payroll, setup, holidays], false)
    expect(items.map((item) => item.title)).toEqual(['Setup guide', 'Payroll runs', 'Holidays'])
  })

  it('keeps the server’s order for a current answer, even where its matching is looser than ours', () => {
    expect(switcherItems('pr', [], [payroll, holidays], false)).toEqual([payroll, holidays])
  })

  it('narrows an earlier answer to what still matches while the server works on the new one', () => {
    const earlier = [payroll, setup, holidays]
    expect(switcherItems('pay', [], earlier, true)).toEqual([payroll])
  })

  it('shows no more than the limit', () => {
    const many = Array.from({ length: 30 }, (_, i) => page('big', `p${i}.md`, `Page ${i}`))
    expect(switcherItems('page', many.slice(0, 5), many, false)).toHaveLength(SHOWN_LIMIT)
    expect(switcherItems('', many, [], false)).toHaveLength(SHOWN_LIMIT)
  })
})
