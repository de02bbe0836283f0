import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SpaceTextIndex } from '../ports/text-index.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import type { FakeEmbeddings } from '../testing/embed/fake-embeddings-server.ts'
import { providerForOrg } from '../testing/embed/provider-for-org.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

const SPACE = '/organizations/acme/spaces/ops'
let t: TestApp
let provider: FakeEmbeddings
let admin: string
beforeEach(async () => {
  t = await testApp()
  admin = (await seedWorld(t.deps, { spaces: { ops: {} } })).token('ada')
  provider = await providerForOrg(t)
  await t.call('PUT', `${SPACE}/semantic`, { token: admin, body: { enabled: true } })
  await t.deps.indexQueue.idle()
})
afterEach(async () => {
  await t.close()
  await provider.stop()
})

const write = (path: string, content: string) =>
  t.call('PUT', `${SPACE}/files/${path}`, { token: admin, body: { content } })

describe('a page written while the space’s vectors are being filled', () => {
  it('gets its vectors, however the fill and its indexing interleave', async () => {
    // The fill of the first page waits for the provider's answer.
    const answer = provider.hold()
    const asked = provider.requests.length
    expect((await write('first.md', '# First\n\nNightly backups.\n')).status).toBe(201)
    await expect.poll(() => provider.requests.length).toBeGreaterThan(asked)

    // The second page's text reaches the word index only when let through.
    const texts = t.deps.textIndex
    let letThrough!: () => void
    const held = new Promise<void>((resolve) => (letThrough = resolve))
    let reached!: () => void
    const reachedText = new Promise<void>((resolve) => (reached = resolve))
    const forSpace = texts.forSpace.bind(texts)
    texts.forSpace = (spaceId: number): SpaceTextIndex => {
      const index = forSpace(spaceId)
      const upsert: SpaceTextIndex['upsert'] = async (files) => {
        if (files.some((f) => f.path === 'second.md')) {
          reached()
          await held
        }
        await index.upsert(files)
      }
      return new Proxy(index, {
        get: (target, key) => {
          if (key === 'upsert') return upsert
          const value = Reflect.get(target, key, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    }
    expect((await write('second.md', '# Second\n\nRestore drills.\n')).status).toBe(201)
    await reachedText
    // The first fill goes on, and looks for more files to embed while the second page is half indexed.
    answer()
    // Time for the fill to write the first page's vectors and look again (a fill that took the
    // second page's row without its text marked it embedded then, with no vector).
    await new Promise((resolve) => setTimeout(resolve, 200))
    letThrough()
    texts.forSpace = forSpace
    await t.deps.indexQueue.idle()

    const state = await json<{ files: number; waiting: number }>(
      await t.call('GET', `${SPACE}/semantic`, { token: admin }),
    )
    expect(state).toMatchObject({ files: 2, waiting: 0 })
  })
})
