import { describe, expect, it } from 'vitest'
import type { AiSettings, EmbeddingSettingsRow, HeldFile, OrgStore, TidyRun } from '../../ports/store.ts'
import {
  expectRefused,
  freshStore,
  type MakeStore,
  seedSpace,
  seedTwoTenants,
  tidyRunFixture,
} from './store-fixture.ts'

const held = (path: string, text: string, heldAt: number): HeldFile => ({
  path,
  text,
  authorName: 'Dana',
  authorEmail: 'dana@example.com',
  message: `Write ${path}`,
  heldAt,
})

const run = (spaceId: number, id: string, createdAt: number, cost = 0): TidyRun =>
  tidyRunFixture(spaceId, id, createdAt, { model: 'gpt', itemsLeft: 3, cost })

const ai: AiSettings = {
  provider: 'anthropic',
  model: 'claude',
  baseUrl: '',
  effort: 'medium',
  apiKey: 'sealed-key',
  priceInput: 3,
  priceOutput: 15,
  monthlyBudget: 50,
}
const embeddings: EmbeddingSettingsRow = {
  provider: 'openai',
  model: 'text-embedding-3-small',
  baseUrl: '',
  apiKey: 'sealed',
}

const byPath = <T extends { path: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.path.localeCompare(b.path))

/** The contract of the OrgStore's per-space data: Git state, conflicts, held files, marks, tidy-up, AI. */
export function describeOrgSpaceDataContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: the data of an organization's spaces`, () => {
    const store = freshStore(makeStore)
    const tenants = async () => {
      const seeded = await seedTwoTenants(store())
      return { ...seeded, scope: store().forOrg(seeded.acme.id) as OrgStore }
    }

    it('starts a space never synced, and merges changes into its Git state', async () => {
      const { scope, wiki } = await tenants()
      expect(await scope.space(wiki.id).git.get()).toMatchObject({
        synced: false,
        lastSyncAt: null,
        lastError: null,
        lastErrorCode: null,
        attempts: 0,
        retryAt: null,
        credentials: null,
        changeBase: null,
      })
      await scope.space(wiki.id).git.update({ synced: true, lastSyncAt: 10, credentialsKind: 'https' })
      await scope.space(wiki.id).git.update({ attempts: 2, credentials: 'sealed' })
      expect(await scope.space(wiki.id).git.get()).toMatchObject({
        synced: true,
        lastSyncAt: 10,
        attempts: 2,
        credentialsKind: 'https',
        credentials: 'sealed',
      })
    })

    it('keeps the kind of the last sync failure beside its message, and clears them together', async () => {
      const { scope, wiki } = await tenants()
      const failed = { lastError: 'connection refused', lastErrorAt: 5, attempts: 1 }
      await scope.space(wiki.id).git.update({ ...failed, lastErrorCode: 'unreachable' })
      expect(await scope.space(wiki.id).git.get()).toMatchObject({ ...failed, lastErrorCode: 'unreachable' })
      await scope.space(wiki.id).git.update({ lastError: null, lastErrorCode: null, lastErrorAt: null })
      expect(await scope.space(wiki.id).git.get()).toMatchObject({ lastError: null, lastErrorCode: null })
    })

    it('records conflicts, keeping the first detection time of a path listed again', async () => {
      const { scope, wiki } = await tenants()
      await scope.space(wiki.id).git.addConflicts([
        { path: 'b.md', localSha: 'l1', remoteSha: 'r1', detectedAt: 100 },
        { path: 'a.md', localSha: null, remoteSha: 'r0', detectedAt: 100 },
      ])
      await scope
        .space(wiki.id)
        .git.addConflicts([{ path: 'b.md', localSha: 'l2', remoteSha: 'r2', detectedAt: 200 }])
      const conflicts = byPath(await scope.space(wiki.id).git.conflicts())
      expect(conflicts).toHaveLength(2)
      expect(conflicts[0]).toEqual({ path: 'a.md', localSha: null, remoteSha: 'r0', detectedAt: 100 })
      expect(conflicts[1]?.detectedAt).toBe(100)
      await scope.space(wiki.id).git.removeConflicts(['a.md', 'never.md'])
      expect((await scope.space(wiki.id).git.conflicts()).map((c) => c.path)).toEqual(['b.md'])
    })

    it('holds files, one per path (the newest replacing the older), until released', async () => {
      const { scope, wiki } = await tenants()
      await scope.space(wiki.id).git.holdFile(held('a.md', 'first', 1))
      await scope.space(wiki.id).git.holdFile(held('b.md', 'b', 2))
      await scope.space(wiki.id).git.holdFile(held('a.md', 'second', 3))
      expect(byPath(await scope.space(wiki.id).git.heldFiles())).toEqual([
        held('a.md', 'second', 3),
        held('b.md', 'b', 2),
      ])
      await scope.space(wiki.id).git.releaseHeldFiles(['a.md'])
      expect(await scope.space(wiki.id).git.heldFiles()).toEqual([held('b.md', 'b', 2)])
    })

    it('marks pages, and forgets the marks when the change base is reset', async () => {
      const { scope, wiki } = await tenants()
      expect((await scope.space(wiki.id).marks.get()).size).toBe(0)
      await scope.space(wiki.id).marks.mark(
        [
          { path: 'a.md', sha: 'a1' },
          { path: 'gone.md', sha: null },
        ],
        10,
      )
      await scope.space(wiki.id).marks.mark([{ path: 'a.md', sha: 'a2' }], 20)
      expect(await scope.space(wiki.id).marks.get()).toEqual(
        new Map<string, string | null>([
          ['a.md', 'a2'],
          ['gone.md', null],
        ]),
      )
      await scope.space(wiki.id).marks.resetChangeBase('commit-1')
      expect((await scope.space(wiki.id).marks.get()).size).toBe(0)
      expect((await scope.space(wiki.id).git.get()).changeBase).toBe('commit-1')
    })

    it('keeps a change log from the change base: latest change per page, first blob before, commits newest first', async () => {
      const { scope, wiki, acme } = await tenants()
      const marks = scope.space(wiki.id).marks
      await marks.resetChangeBase('c0')
      expect(await marks.changeCursor()).toBe('c0')
      const change = (
        commit: string,
        path: string,
        before: string | null,
        after: string | null,
        date: number,
      ) => ({
        path,
        commit,
        author: `author of ${commit}`,
        date,
        subject: `subject ${commit}`,
        source: 'web',
        via: `via ${commit}`,
        before,
        after,
      })
      const page = ({ subject: _subject, ...rest }: ReturnType<typeof change>) => ({
        ...rest,
        key: `key-${rest.path}`,
      })
      const one = change('c1', 'content/a.md', 'a0', 'a1', 1_000)
      const two = change('c2', 'content/a.md', 'a1', 'a2', 2_000)
      const other = change('c2', 'content/b.md', null, 'b1', 2_000)
      expect(await marks.recordChanges('c0', 'c1', [page(one)], [one])).toBe(true)
      // Recorded by someone else first: nothing is written twice.
      expect(await marks.recordChanges('c0', 'c1', [page(one)], [one])).toBe(false)
      expect(await marks.recordChanges('c1', 'c2', [page(two), page(other)], [two, other])).toBe(true)
      expect(await marks.changeCursor()).toBe('c2')
      expect(byPath((await marks.pendingPages({})).pages)).toEqual([
        { ...page(two), before: 'a0', seen: undefined },
        { ...page(other), seen: undefined },
      ])
      expect(await marks.pageCommits('content/a.md', 10)).toEqual([two, one])
      expect(await marks.pageCommits('content/a.md', 1)).toEqual([two])
      // Pending: changed and not seen at the blob it has now, newest first, with the total.
      const back = change('c3', 'content/c.md', 'c0', 'c1', 3_000)
      const backAgain = change('c4', 'content/c.md', 'c1', 'c0', 4_000)
      expect(
        await marks.recordChanges('c2', 'c4', [{ ...page(backAgain), before: 'c0' }], [back, backAgain]),
      ).toBe(true)
      expect(await marks.pendingPages({})).toEqual({
        pages: [{ ...page(two), before: 'a0' }, page(other)],
        total: 2,
      })
      expect(await marks.pendingPages({ limit: 1 })).toEqual({
        pages: [{ ...page(two), before: 'a0' }],
        total: 2,
      })
      expect(await marks.pendingPages({ key: 'key-content/b.md' })).toEqual({
        pages: [page(other)],
        total: 1,
      })
      expect(await marks.pendingPages({ key: 'key-content/c.md' })).toEqual({ pages: [], total: 0 })
      await marks.mark(
        [
          { path: 'content/a.md', sha: 'a2' },
          { path: 'content/b.md', sha: 'b0' },
        ],
        5_000,
      )
      // A page seen at another blob is reported with the blob it was seen at.
      expect(await marks.pendingPages({})).toEqual({ pages: [{ ...page(other), seen: 'b0' }], total: 1 })
      // Another space's log is its own; a reset starts the log afresh.
      const ops = await seedSpace(store(), acme.id, 'ops')
      expect(await scope.space(ops.id).marks.pendingPages({})).toEqual({ pages: [], total: 0 })
      await marks.resetChangeBase('c2')
      expect(await marks.pendingPages({})).toEqual({ pages: [], total: 0 })
      expect(await marks.pageCommits('content/a.md', 10)).toEqual([])
      expect(await marks.changeCursor()).toBe('c2')
    })

    it('starts a space with its tidy-up off, and merges changes into its settings', async () => {
      const { scope, wiki } = await tenants()
      expect(await scope.space(wiki.id).tidy.settings()).toMatchObject({
        enabled: false,
        model: '',
        nextDailyAt: null,
      })
      const changed = await scope
        .space(wiki.id)
        .tidy.updateSettings({ enabled: true, timezone: 'Europe/Paris' })
      expect(changed).toMatchObject({ enabled: true, timezone: 'Europe/Paris', model: '' })
      const again = await scope.space(wiki.id).tidy.updateSettings({ model: 'small', nextDailyAt: 99 })
      expect(again).toEqual({ ...changed, model: 'small', nextDailyAt: 99 })
      expect(await scope.space(wiki.id).tidy.settings()).toEqual(again)
    })

    it('lists the model choices of its spaces, leaving out those that use the organization’s', async () => {
      const { scope, wiki, acme } = await tenants()
      const ops = await seedSpace(store(), acme.id, 'ops')
      await seedSpace(store(), acme.id, 'plain')
      await scope.space(wiki.id).tidy.updateSettings({ model: 'big' })
      await scope.space(ops.id).tidy.updateSettings({ model: '' })
      expect(await scope.tidy.spaceModels()).toEqual(['big'])
    })

    it('creates, updates and reads back tidy runs, newest first up to a limit', async () => {
      const { scope, wiki } = await tenants()
      await scope.space(wiki.id).tidy.createRun(run(wiki.id, 'r1', 100))
      await scope.space(wiki.id).tidy.createRun(run(wiki.id, 'r2', 300))
      await scope.space(wiki.id).tidy.createRun(run(wiki.id, 'r3', 200))
      const operations = [{ kind: 'append', path: 'a.md' }]
      await scope
        .space(wiki.id)
        .tidy.updateRun('r1', { status: 'done', operations, commit: 'c1', finishedAt: 150 })
      expect(await scope.space(wiki.id).tidy.run('r1')).toEqual({
        ...run(wiki.id, 'r1', 100),
        status: 'done',
        operations,
        commit: 'c1',
        finishedAt: 150,
      })
      expect(await scope.space(wiki.id).tidy.run('nope')).toBeUndefined()
      expect((await scope.space(wiki.id).tidy.runs(10)).map((r) => r.id)).toEqual(['r2', 'r3', 'r1'])
      expect((await scope.space(wiki.id).tidy.runs(2)).map((r) => r.id)).toEqual(['r2', 'r3'])
    })

    it('adds up the AI spending of its spaces since a time', async () => {
      const { scope, wiki, acme } = await tenants()
      const ops = await seedSpace(store(), acme.id, 'ops')
      expect(await scope.tidy.spentSince(0)).toBe(0)
      await scope.space(wiki.id).tidy.createRun(run(wiki.id, 'old', 100, 1.5))
      await scope.space(wiki.id).tidy.createRun(run(wiki.id, 'new', 1000, 0.25))
      await scope.space(ops.id).tidy.createRun(run(ops.id, 'ops', 2000, 2))
      expect(await scope.tidy.spentSince(0)).toBeCloseTo(3.75)
      expect(await scope.tidy.spentSince(1000)).toBeCloseTo(2.25)
    })

    it('keeps, replaces and forgets the organization’s AI and embeddings settings', async () => {
      const { scope } = await tenants()
      expect(await scope.ai.get()).toBeUndefined()
      expect(await scope.embeddings.get()).toBeUndefined()
      await scope.ai.set(ai)
      await scope.embeddings.set(embeddings)
      expect(await scope.ai.get()).toEqual(ai)
      expect(await scope.embeddings.get()).toEqual(embeddings)
      await scope.ai.set({ ...ai, model: 'other', apiKey: null })
      expect(await scope.ai.get()).toEqual({ ...ai, model: 'other', apiKey: null })
      await scope.ai.set(null)
      await scope.embeddings.set(null)
      expect(await scope.ai.get()).toBeUndefined()
      expect(await scope.embeddings.get()).toBeUndefined()
    })
  })

  describe(`${name}: one organization's store refuses another's space data`, () => {
    const store = freshStore(makeStore)

    /** Acme's wiki with some of everything, and Globex's store trying to reach it. */
    const filled = async () => {
      const { acme, globex, wiki } = await seedTwoTenants(store())
      const mine = store().forOrg(acme.id)
      await mine.space(wiki.id).git.update({ attempts: 2, credentials: 'sealed', webhookSecret: 'w' })
      await mine
        .space(wiki.id)
        .git.addConflicts([{ path: 'a.md', localSha: 'l', remoteSha: 'r', detectedAt: 1 }])
      await mine.space(wiki.id).git.holdFile(held('a.md', 'private text', 1))
      await mine.space(wiki.id).marks.mark([{ path: 'a.md', sha: 'a1' }], 1)
      await mine.space(wiki.id).tidy.updateSettings({ enabled: true, model: 'big' })
      await mine.space(wiki.id).tidy.createRun(run(wiki.id, 'r1', 10, 5))
      await mine.ai.set(ai)
      await mine.embeddings.set(embeddings)
      return { mine, other: store().forOrg(globex.id), wiki }
    }

    it('reads none of it', async () => {
      const { other, wiki } = await filled()
      await expectRefused(
        () => other.space(wiki.id).git.get(),
        (s) => JSON.stringify(s).includes('sealed'),
      )
      await expectRefused(() => other.space(wiki.id).git.conflicts())
      await expectRefused(() => other.space(wiki.id).git.heldFiles())
      await expectRefused(() => other.space(wiki.id).marks.get())
      await expectRefused(
        () => other.space(wiki.id).tidy.settings(),
        (s) => JSON.stringify(s).includes('big'),
      )
      await expectRefused(() => other.space(wiki.id).tidy.run('r1'))
      await expectRefused(() => other.space(wiki.id).tidy.runs(10))
      expect(await other.tidy.spaceModels()).toEqual([])
      expect(await other.tidy.spentSince(0)).toBe(0)
      expect(await other.ai.get()).toBeUndefined()
      expect(await other.embeddings.get()).toBeUndefined()
    })

    it('changes none of it', async () => {
      const { mine, other, wiki } = await filled()
      const before = {
        git: await mine.space(wiki.id).git.get(),
        conflicts: await mine.space(wiki.id).git.conflicts(),
        held: await mine.space(wiki.id).git.heldFiles(),
        marks: await mine.space(wiki.id).marks.get(),
        tidy: await mine.space(wiki.id).tidy.settings(),
        runs: await mine.space(wiki.id).tidy.runs(10),
      }
      await expectRefused(() => other.space(wiki.id).git.update({ attempts: 9, credentials: null }))
      await expectRefused(() =>
        other
          .space(wiki.id)
          .git.addConflicts([{ path: 'b.md', localSha: null, remoteSha: null, detectedAt: 2 }]),
      )
      await expectRefused(() => other.space(wiki.id).git.removeConflicts(['a.md']))
      await expectRefused(() => other.space(wiki.id).git.holdFile(held('a.md', 'overwritten', 2)))
      await expectRefused(() => other.space(wiki.id).git.releaseHeldFiles(['a.md']))
      await expectRefused(() => other.space(wiki.id).marks.mark([{ path: 'a.md', sha: 'x' }], 2))
      await expectRefused(() => other.space(wiki.id).marks.resetChangeBase('x'))
      await expectRefused(() => other.space(wiki.id).tidy.updateSettings({ enabled: false }))
      await expectRefused(() => other.space(wiki.id).tidy.createRun(run(wiki.id, 'r2', 20)))
      await expectRefused(() => other.space(wiki.id).tidy.updateRun('r1', { status: 'failed', cost: 0 }))
      await other.ai.set(null)
      await other.embeddings.set(null)

      expect(await mine.space(wiki.id).git.get()).toEqual(before.git)
      expect(await mine.space(wiki.id).git.conflicts()).toEqual(before.conflicts)
      expect(await mine.space(wiki.id).git.heldFiles()).toEqual(before.held)
      expect(await mine.space(wiki.id).marks.get()).toEqual(before.marks)
      expect(await mine.space(wiki.id).tidy.settings()).toEqual(before.tidy)
      expect(await mine.space(wiki.id).tidy.runs(10)).toEqual(before.runs)
      expect(await mine.ai.get()).toEqual(ai)
      expect(await mine.embeddings.get()).toEqual(embeddings)
    })
  })
}
