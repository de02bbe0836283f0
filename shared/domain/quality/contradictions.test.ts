import { describe, expect, it } from 'vitest'
import { contradictions } from './contradictions.ts'

describe('contradictions', () => {
  it('finds the same claim with a different figure or date on two pages', () => {
    const found = contradictions([
      { path: 'team/oncall.md', markdown: '# On-call\n\nThe on-call rotation has 6 engineers.\n' },
      { path: 'handbook.md', markdown: '# Handbook\n\n- The on-call rotation has 8 engineers.\n' },
      { path: 'office.md', markdown: 'The office move is planned for 2027-03-01.\n' },
      { path: 'news.md', markdown: 'The office move is planned for 2027-04-15.\n' },
    ])
    expect(found.map((c) => [c.a.path, c.a.figure, c.b.path, c.b.figure])).toEqual([
      ['team/oncall.md', '6', 'handbook.md', '8'],
      ['office.md', '2027-03-01', 'news.md', '2027-04-15'],
    ])
  })

  it('says nothing of agreeing pages, of unrelated figures, or within one page', () => {
    expect(
      contradictions([
        {
          path: 'a.md',
          markdown: 'The on-call rotation has 6 engineers.\nThe on-call rotation has 7 engineers.',
        },
        { path: 'b.md', markdown: 'The on-call rotation has 6 engineers.' },
        { path: 'c.md', markdown: 'Backups are kept for 30 days in the object store.' },
      ]),
    ).toEqual([expect.objectContaining({ a: expect.objectContaining({ path: 'a.md', figure: '7' }) })])
  })
})
