import { describe, expect, it } from 'vitest'
import type { FileMeta, IndexLink } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedTwoTenants } from './store-fixture.ts'

/** A file's metadata for the tests, its title its path unless given. */
export const meta = (path: string, extra: Partial<FileMeta> = {}): FileMeta => ({
  path,
  sha: `sha-${path}`,
  title: path,
  kind: 'markdown',
  extracted: false,
  owner: null,
  verified: null,
  reviewEvery: null,
  lastChange: 1000,
  size: null,
  ...extra,
})

const byPath = <T extends { path: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.path.localeCompare(b.path))
const linkOrder = (links: IndexLink[]) =>
  [...links].sort((a, b) => `${a.fromPath} ${a.target}`.localeCompare(`${b.fromPath} ${b.target}`))

/** The contract of the IndexStore port: file metadata, link graph and progress, per space. */
export function describeIndexStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: index bookkeeping`, () => {
    const store = freshStore(makeStore)

    it('starts a space with no file, no link, nothing indexed yet and search by meaning on', async () => {
      const { wiki } = await seedTwoTenants(store())
      expect(await store().index.forSpace(wiki.id).files()).toEqual([])
      expect(await store().index.forSpace(wiki.id).file('a.md')).toBeUndefined()
      expect(await store().index.forSpace(wiki.id).links()).toEqual([])
      expect(await store().index.forSpace(wiki.id).state()).toEqual({
        commit: null,
        meaning: true,
        embedderId: null,
        vectorsCommit: null,
      })
    })

    it('adds files and their links, and reads them back', async () => {
      const { wiki } = await seedTwoTenants(store())
      // The tree lists the sizes the index kept; a file indexed before sizes were kept has none.
      const a = meta('a.md', {
        owner: 'dana',
        verified: '2024-01-01',
        reviewEvery: '90d',
        lastChange: 5,
        size: 42,
      })
      const doc = meta('report.pdf', { kind: 'document', extracted: true })
      const links = [
        { fromPath: 'a.md', target: 'report.pdf', toPath: 'report.pdf', wiki: false },
        { fromPath: 'a.md', target: 'missing.md', toPath: null, wiki: false },
      ]
      await store().index.forSpace(wiki.id).upsert([a, doc], links)
      expect(byPath(await store().index.forSpace(wiki.id).files())).toEqual([a, doc])
      expect(byPath(await store().index.forSpace(wiki.id).shas())).toEqual([
        { path: 'a.md', sha: a.sha },
        { path: 'report.pdf', sha: doc.sha },
      ])
      expect(await store().index.forSpace(wiki.id).file('a.md')).toEqual(a)
      expect(linkOrder(await store().index.forSpace(wiki.id).links())).toEqual(linkOrder(links))
    })

    it("keeps each page's term counts beside its blob, apart from its metadata, for this space only", async () => {
      const { wiki, secret } = await seedTwoTenants(store())
      const index = store().index.forSpace(wiki.id)
      const a = meta('a.md')
      await index.upsert(
        [
          { ...a, terms: '[["deploy",2]]' },
          { ...meta('b.md'), terms: null },
          { ...meta('report.pdf', { kind: 'document' }), terms: null },
        ],
        [],
      )
      await store()
        .index.forSpace(secret.id)
        .upsert([{ ...meta('c.md'), terms: '[["secret",1]]' }], [])
      expect(byPath(await index.pageTerms())).toEqual([
        { path: 'a.md', sha: a.sha, terms: '[["deploy",2]]' },
        { path: 'b.md', sha: 'sha-b.md', terms: null },
      ])
      // Metadata reads leave them out.
      expect(await index.file('a.md')).toEqual(a)
      // A page written again without counts (a new blob) keeps none of the old blob's.
      await index.upsert([meta('a.md', { sha: 'sha-2' })], [])
      expect(byPath(await index.pageTerms())[0]).toEqual({ path: 'a.md', sha: 'sha-2', terms: null })
      await index.remove(['a.md'])
      expect((await index.pageTerms()).map((row) => row.path)).toEqual(['b.md'])
    })

    it('reads several files’ metadata at once: the indexed ones of this space only', async () => {
      const { wiki, secret } = await seedTwoTenants(store())
      const a = meta('a.md', { owner: 'dana' })
      const b = meta('b.md', { lastChange: 7 })
      await store()
        .index.forSpace(wiki.id)
        .upsert([a, b, meta('c.md')], [])
      await store()
        .index.forSpace(secret.id)
        .upsert([meta('d.md')], [])
      expect(
        byPath(await store().index.forSpace(wiki.id).filesAt(['b.md', 'a.md', 'gone.md', 'd.md'])),
      ).toEqual([a, b])
      expect(await store().index.forSpace(wiki.id).filesAt([])).toEqual([])
    })

    it('replaces a file’s metadata and the links going out of it, leaving other files’ links', async () => {
      const { wiki } = await seedTwoTenants(store())
      await store()
        .index.forSpace(wiki.id)
        .upsert(
          [meta('a.md'), meta('b.md')],
          [
            { fromPath: 'a.md', target: 'b.md', toPath: 'b.md', wiki: false },
            { fromPath: 'b.md', target: 'a.md', toPath: 'a.md', wiki: false },
          ],
        )
      const newer = meta('a.md', { sha: 'sha-2', title: 'A, again', lastChange: 2000 })
      await store()
        .index.forSpace(wiki.id)
        .upsert([newer], [{ fromPath: 'a.md', target: 'c.md', toPath: null, wiki: false }])
      expect(await store().index.forSpace(wiki.id).file('a.md')).toEqual(newer)
      expect(await store().index.forSpace(wiki.id).files()).toHaveLength(2)
      expect(linkOrder(await store().index.forSpace(wiki.id).links())).toEqual([
        { fromPath: 'a.md', target: 'c.md', toPath: null, wiki: false },
        { fromPath: 'b.md', target: 'a.md', toPath: 'a.md', wiki: false },
      ])
    })

    it('removes files with the links going out of them', async () => {
      const { wiki } = await seedTwoTenants(store())
      await store()
        .index.forSpace(wiki.id)
        .upsert(
          [meta('a.md'), meta('b.md')],
          [
            { fromPath: 'a.md', target: 'b.md', toPath: 'b.md', wiki: false },
            { fromPath: 'b.md', target: 'a.md', toPath: 'a.md', wiki: false },
          ],
        )
      await store().index.forSpace(wiki.id).remove(['a.md', 'never-indexed.md'])
      expect(await store().index.forSpace(wiki.id).file('a.md')).toBeUndefined()
      expect((await store().index.forSpace(wiki.id).files()).map((f) => f.path)).toEqual(['b.md'])
      expect((await store().index.forSpace(wiki.id).shas()).map((f) => f.path)).toEqual(['b.md'])
      expect(await store().index.forSpace(wiki.id).links()).toEqual([
        { fromPath: 'b.md', target: 'a.md', toPath: 'a.md', wiki: false },
      ])
    })

    it('reads the links that may lead to a file: stored to it, to nothing, or to a file gone', async () => {
      const { wiki, secret } = await seedTwoTenants(store())
      const index = store().index.forSpace(wiki.id)
      await index.upsert(
        [meta('a.md'), meta('b.md'), meta('c.md'), meta('gone.md')],
        [
          { fromPath: 'b.md', target: 'a.md', toPath: 'a.md', wiki: false },
          { fromPath: 'b.md', target: 'c.md', toPath: 'c.md', wiki: false },
          { fromPath: 'c.md', target: 'later', toPath: null, wiki: true },
          { fromPath: 'c.md', target: 'gone.md', toPath: 'gone.md', wiki: false },
        ],
      )
      await store()
        .index.forSpace(secret.id)
        .upsert([meta('x.md')], [{ fromPath: 'x.md', target: 'a.md', toPath: 'a.md', wiki: false }])
      expect(linkOrder(await index.linksInto('a.md'))).toEqual([
        { fromPath: 'b.md', target: 'a.md', toPath: 'a.md', wiki: false },
        { fromPath: 'c.md', target: 'later', toPath: null, wiki: true },
      ])
      await index.remove(['gone.md'])
      expect(linkOrder(await index.linksInto('a.md'))).toEqual([
        { fromPath: 'b.md', target: 'a.md', toPath: 'a.md', wiki: false },
        { fromPath: 'c.md', target: 'gone.md', toPath: 'gone.md', wiki: false },
        { fromPath: 'c.md', target: 'later', toPath: null, wiki: true },
      ])
    })

    it('keeps each link’s kind, and none for a link indexed before kinds were kept', async () => {
      const { wiki } = await seedTwoTenants(store())
      const index = store().index.forSpace(wiki.id)
      const links = [
        { fromPath: 'a.md', target: 'deploy', toPath: null, wiki: true },
        { fromPath: 'a.md', target: 'deploy.md', toPath: null, wiki: false },
        { fromPath: 'a.md', target: 'setup', toPath: null, wiki: null },
      ]
      await index.upsert([meta('a.md')], links)
      expect(linkOrder(await index.links())).toEqual(linkOrder(links))
      expect(linkOrder(await index.linksInto('deploy.md'))).toEqual(linkOrder(links))
    })

    it('merges changes into a space’s progress', async () => {
      const { wiki } = await seedTwoTenants(store())
      await store().index.forSpace(wiki.id).setState({ commit: 'c1', embedderId: 'model-a' })
      await store().index.forSpace(wiki.id).setState({ vectorsCommit: 'c1' })
      await store().index.forSpace(wiki.id).setState({ meaning: false })
      expect(await store().index.forSpace(wiki.id).state()).toEqual({
        commit: 'c1',
        meaning: false,
        embedderId: 'model-a',
        vectorsCommit: 'c1',
      })
    })

    it('tells which files wait for their vectors, a blob written anew waiting again', async () => {
      const { wiki, secret } = await seedTwoTenants(store())
      const index = store().index.forSpace(wiki.id)
      await index.upsert([meta('b.md'), meta('a.md'), meta('c.md')], [])
      await store()
        .index.forSpace(secret.id)
        .upsert([meta('a.md')], [])
      expect(await index.unembedded(2)).toEqual([
        { path: 'a.md', sha: 'sha-a.md' },
        { path: 'b.md', sha: 'sha-b.md' },
      ])
      expect(await index.embedProgress()).toEqual({ files: 3, embedded: 0 })

      // b.md is indexed anew between the fill reading it and recording it: it waits for its new blob.
      await index.upsert([meta('b.md', { sha: 'sha-b2' })], [])
      await index.markEmbedded([
        { path: 'a.md', sha: 'sha-a.md' },
        { path: 'b.md', sha: 'sha-b.md' },
      ])
      expect(await index.unembedded(10)).toEqual([
        { path: 'b.md', sha: 'sha-b2' },
        { path: 'c.md', sha: 'sha-c.md' },
      ])
      expect(await index.embedProgress()).toEqual({ files: 3, embedded: 1 })
      // Another space's file of the same path is its own.
      expect(await store().index.forSpace(secret.id).unembedded(10)).toEqual([
        { path: 'a.md', sha: 'sha-a.md' },
      ])

      // A changed file waits again; metadata written again unchanged keeps its vectors.
      await index.upsert([meta('a.md', { title: 'Renamed' })], [])
      expect(await index.embedProgress()).toEqual({ files: 3, embedded: 1 })
      await index.upsert([meta('a.md', { sha: 'sha-a2' })], [])
      expect(await index.embedProgress()).toEqual({ files: 3, embedded: 0 })

      await index.markEmbedded([
        { path: 'a.md', sha: 'sha-a2' },
        { path: 'c.md', sha: 'sha-c.md' },
      ])
      expect(await index.embedProgress()).toEqual({ files: 3, embedded: 2 })
      await index.forgetEmbedded()
      expect(await index.embedProgress()).toEqual({ files: 3, embedded: 0 })
      expect(await index.file('a.md')).toEqual(meta('a.md', { sha: 'sha-a2' }))
    })

    it('clears a space: files, links and the commits indexed go, its settings stay', async () => {
      const { wiki } = await seedTwoTenants(store())
      await store()
        .index.forSpace(wiki.id)
        .upsert([meta('a.md')], [{ fromPath: 'a.md', target: 'b.md', toPath: null, wiki: false }])
      await store().index.forSpace(wiki.id).setState({
        commit: 'c1',
        vectorsCommit: 'c1',
        meaning: false,
        embedderId: 'm',
      })
      await store().index.forSpace(wiki.id).clear()
      expect(await store().index.forSpace(wiki.id).files()).toEqual([])
      expect(await store().index.forSpace(wiki.id).links()).toEqual([])
      expect(await store().index.forSpace(wiki.id).state()).toEqual({
        commit: null,
        meaning: false,
        embedderId: 'm',
        vectorsCommit: null,
      })
    })

    it('keeps each space’s index to itself: same paths, separate files, links and progress', async () => {
      const { wiki, secret } = await seedTwoTenants(store())
      const mine = meta('a.md', { title: 'Mine' })
      const theirs = meta('a.md', { title: 'Theirs', sha: 'other' })
      await store()
        .index.forSpace(wiki.id)
        .upsert([mine], [{ fromPath: 'a.md', target: 'x.md', toPath: null, wiki: false }])
      await store()
        .index.forSpace(secret.id)
        .upsert([theirs], [{ fromPath: 'a.md', target: 'y.md', toPath: null, wiki: false }])
      await store().index.forSpace(secret.id).setState({ commit: 'theirs' })

      expect(await store().index.forSpace(wiki.id).file('a.md')).toEqual(mine)
      expect(await store().index.forSpace(wiki.id).links()).toEqual([
        { fromPath: 'a.md', target: 'x.md', toPath: null, wiki: false },
      ])
      expect((await store().index.forSpace(wiki.id).state()).commit).toBeNull()

      await store().index.forSpace(wiki.id).remove(['a.md'])
      await store().index.forSpace(wiki.id).clear()
      expect(await store().index.forSpace(secret.id).files()).toEqual([theirs])
      expect(await store().index.forSpace(secret.id).links()).toEqual([
        { fromPath: 'a.md', target: 'y.md', toPath: null, wiki: false },
      ])
      expect((await store().index.forSpace(secret.id).state()).commit).toBe('theirs')
    })
  })
}
