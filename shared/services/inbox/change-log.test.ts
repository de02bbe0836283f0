import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import type { PageMarkStore } from '../../ports/page-marks.ts'
import type { Repo } from '../../ports/repo.ts'
import { seedWorld } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { catchUpChanges } from './change-log.ts'

let deps: Deps
let repo: Repo
let marks: PageMarkStore
let base: string

beforeEach(async () => {
  deps = memoryDeps()
  const world = await seedWorld(deps, { spaces: { wiki: {} } })
  const space = world.space('wiki')
  await deps.indexQueue.idle()
  repo = deps.repos.open(space.id, 'main')
  marks = deps.store.forOrg(world.org.id).space(space.id).marks
  base = (await deps.store.forOrg(world.org.id).space(space.id).git.get()).changeBase ?? ''
  expect(base).not.toBe('')
})

const write = async (path: string, text: string) =>
  (await repo.commit({
    parent: await repo.head(),
    changes: [{ path: `content/${path}`, content: new TextEncoder().encode(text) }],
    author: { name: 'Walt', email: 'walt@example.com' },
    message: `Write ${path}`,
  })) as string

/** The marks, with `meanwhile` run once just before the first record: another reader's catch-up. */
function racing(meanwhile: () => Promise<unknown>): PageMarkStore {
  let raced = false
  return {
    ...marks,
    recordChanges: async (...args) => {
      if (!raced) {
        raced = true
        await meanwhile()
      }
      return marks.recordChanges(...args)
    },
  }
}

const logged = async () => (await marks.pendingPages({})).pages.map((p) => p.path).sort()

describe('catchUpChanges', () => {
  it('logs the later commits when another reader logged the earlier ones meanwhile', async () => {
    const first = await write('a.md', '# A\n')
    const second = await write('b.md', '# B\n')
    // This reader saw the second commit; another, that saw only the first, records first.
    const caughtUp = await catchUpChanges(
      repo,
      racing(() => catchUpChanges(repo, marks, first, base)),
      second,
      base,
    )
    expect(caughtUp).toBe(true)
    expect(await logged()).toEqual(['content/a.md', 'content/b.md'])
    expect(await marks.changeCursor()).toBe(second)
  })

  it('leaves the log where it is when another reader went past its head meanwhile', async () => {
    const first = await write('a.md', '# A\n')
    const second = await write('b.md', '# B\n')
    const caughtUp = await catchUpChanges(
      repo,
      racing(() => catchUpChanges(repo, marks, second, base)),
      first,
      base,
    )
    expect(caughtUp).toBe(true)
    expect(await logged()).toEqual(['content/a.md', 'content/b.md'])
    expect(await marks.changeCursor()).toBe(second)
  })
})
