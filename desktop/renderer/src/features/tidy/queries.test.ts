import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { desktopKeys } from '../desktop/queries.ts'
import { homeKeys } from '../home/queries.ts'
import { inboxKeys } from '../inbox/queries.ts'
import { organizationKeys } from '../organization/queries.ts'
import { qualityKeys } from '../quality/queries.ts'
import { searchKeys } from '../search/queries.ts'
import { spaceKeys } from '../space/queries.ts'
import { invalidateSpaceContent, tidyKeys } from './queries.ts'

const request = { q: 'setup', spaces: [], mode: 'auto' as const, regex: false }

/** What a screen may hold of the space `acme/wiki` that a tidy-up can change. */
const changed: QueryKey[] = [
  inboxKeys.list('acme', 'wiki', undefined, 0),
  inboxKeys.list('acme', 'wiki', 'left', 2),
  inboxKeys.item('acme', 'wiki', 'note-1'),
  spaceKeys.tree('acme', 'wiki'),
  spaceKeys.file('acme', 'wiki', 'guides/setup.md'),
  spaceKeys.file('acme', 'wiki', 'guides/setup.md', 'a'.repeat(40)),
  spaceKeys.history('acme', 'wiki', 'guides/setup.md'),
  spaceKeys.related('acme', 'wiki', 'guides/setup.md'),
  qualityKeys.report('acme', 'wiki', 6),
  homeKeys.activity('acme', 'wiki'),
  searchKeys.pages(request),
  searchKeys.pending('setup', []),
  desktopKeys.spaces(),
]

/** What a tidy-up of `acme/wiki` cannot change, or what its runs' own polling reads. */
const kept: QueryKey[] = [
  spaceKeys.details('acme', 'wiki'),
  spaceKeys.list(),
  organizationKeys.list(),
  tidyKeys.runs('acme', 'wiki'),
  inboxKeys.list('acme', 'handbook', undefined, 0),
  spaceKeys.tree('acme', 'handbook'),
  spaceKeys.file('acme', 'handbook', 'guides/setup.md'),
  qualityKeys.report('acme', 'handbook', 6),
  homeKeys.activity('acme', 'handbook'),
  spaceKeys.tree('beta', 'wiki'),
]

describe('after a tidy-up or its revert', () => {
  it('reads again the notes, pages, reports and searches of its space, and nothing of another', () => {
    const client = new QueryClient()
    for (const key of [...changed, ...kept]) client.setQueryData(key, 'as shown')
    void invalidateSpaceContent(client, 'acme', 'wiki')
    const outdated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated === true
    expect(changed.filter((key) => !outdated(key))).toEqual([])
    expect(kept.filter(outdated)).toEqual([])
  })
})
