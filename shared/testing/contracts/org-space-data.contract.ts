import { describe, expect, it } from 'vitest'
import type { AiSettings, EmbeddingSettingsRow, HeldFile, OrgStore, TidyRun } from '../../ports/store.ts'
import { expectRefused, freshStore, type MakeStore, seedSpace, seedTwoTenants } from './store-fixture.ts'

const held = (path: string, text: string, heldAt: number): HeldFile => ({
  path,
  text,
  authorName: 'Dana',
  authorEmail: 'dana@example.com',
  message: `Write ${path}`,
  heldAt,
})

const run = (spaceId: number, id: string, createdAt: number, cost = 0): TidyRun => ({
  id,
  spaceId,
  status: 'queued',
  trigger: 'manual',
  model: 'gpt',
  itemsDone: 0,
  itemsLeft: 3,
  summary: '',
  operations: [],
  commit: null,
  inputTokens: 0,
  outputTokens: 0,
  cost,
  error: null,
  revertedAt: null,
  revertCommit: null,
  requestedBy: null,
  createdAt,
  startedAt: null,
  finishedAt: null,
})

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
      expect(await scope.gitState(wiki.id)).toMatchObject({
        synced: false,
        lastSyncAt: null,
        lastError: null,
        attempts: 0,
        retryAt: null,
        credentials: null,
        changeBase: null,
      })
      await scope.updateGitState(wiki.id, { synced: true, lastSyncAt: 10, credentialsKind: 'https' })
      await scope.updateGitState(wiki.id, { attempts: 2, credentials: 'sealed' })
      expect(await scope.gitState(wiki.id)).toMatchObject({
        synced: true,
        lastSyncAt: 10,
        attempts: 2,
        credentialsKind: 'https',
        credentials: 'sealed',
      })
    })

    it('records conflicts, keeping the first detection time of a path listed again', async () => {
      const { scope, wiki } = await tenants()
      await scope.addConflicts(wiki.id, [
        { path: 'b.md', localSha: 'l1', remoteSha: 'r1', detectedAt: 100 },
        { path: 'a.md', localSha: null, remoteSha: 'r0', detectedAt: 100 },
      ])
      await scope.addConflicts(wiki.id, [{ path: 'b.md', localSha: 'l2', remoteSha: 'r2', detectedAt: 200 }])
      const conflicts = byPath(await scope.conflicts(wiki.id))
      expect(conflicts).toHaveLength(2)
      expect(conflicts[0]).toEqual({ path: 'a.md', localSha: null, remoteSha: 'r0', detectedAt: 100 })
      expect(conflicts[1]?.detectedAt).toBe(100)
      await scope.removeConflicts(wiki.id, ['a.md', 'never.md'])
      expect((await scope.conflicts(wiki.id)).map((c) => c.path)).toEqual(['b.md'])
    })

    it('holds files, one per path (the newest replacing the older), until released', async () => {
      const { scope, wiki } = await tenants()
      await scope.holdFile(wiki.id, held('a.md', 'first', 1))
      await scope.holdFile(wiki.id, held('b.md', 'b', 2))
      await scope.holdFile(wiki.id, held('a.md', 'second', 3))
      expect(byPath(await scope.heldFiles(wiki.id))).toEqual([
        held('a.md', 'second', 3),
        held('b.md', 'b', 2),
      ])
      await scope.releaseHeldFiles(wiki.id, ['a.md'])
      expect(await scope.heldFiles(wiki.id)).toEqual([held('b.md', 'b', 2)])
    })

    it('marks pages, and forgets the marks when the change base is reset', async () => {
      const { scope, wiki } = await tenants()
      expect((await scope.pageMarks(wiki.id)).size).toBe(0)
      await scope.markPages(
        wiki.id,
        [
          { path: 'a.md', sha: 'a1' },
          { path: 'gone.md', sha: null },
        ],
        10,
      )
      await scope.markPages(wiki.id, [{ path: 'a.md', sha: 'a2' }], 20)
      expect(await scope.pageMarks(wiki.id)).toEqual(
        new Map<string, string | null>([
          ['a.md', 'a2'],
          ['gone.md', null],
        ]),
      )
      await scope.resetChangeBase(wiki.id, 'commit-1')
      expect((await scope.pageMarks(wiki.id)).size).toBe(0)
      expect((await scope.gitState(wiki.id)).changeBase).toBe('commit-1')
    })

    it('starts a space with its tidy-up off, and merges changes into its settings', async () => {
      const { scope, wiki } = await tenants()
      expect(await scope.tidySettings(wiki.id)).toMatchObject({
        enabled: false,
        model: '',
        nextDailyAt: null,
      })
      const changed = await scope.updateTidySettings(wiki.id, { enabled: true, timezone: 'Europe/Paris' })
      expect(changed).toMatchObject({ enabled: true, timezone: 'Europe/Paris', model: '' })
      const again = await scope.updateTidySettings(wiki.id, { model: 'small', nextDailyAt: 99 })
      expect(again).toEqual({ ...changed, model: 'small', nextDailyAt: 99 })
      expect(await scope.tidySettings(wiki.id)).toEqual(again)
    })

    it('lists the model choices of its spaces, leaving out those that use the organization’s', async () => {
      const { scope, wiki, acme } = await tenants()
      const ops = await seedSpace(store(), acme.id, 'ops')
      await seedSpace(store(), acme.id, 'plain')
      await scope.updateTidySettings(wiki.id, { model: 'big' })
      await scope.updateTidySettings(ops.id, { model: '' })
      expect(await scope.spaceModels()).toEqual(['big'])
    })

    it('creates, updates and reads back tidy runs, newest first up to a limit', async () => {
      const { scope, wiki } = await tenants()
      await scope.createTidyRun(run(wiki.id, 'r1', 100))
      await scope.createTidyRun(run(wiki.id, 'r2', 300))
      await scope.createTidyRun(run(wiki.id, 'r3', 200))
      const operations = [{ kind: 'append', path: 'a.md' }]
      await scope.updateTidyRun(wiki.id, 'r1', { status: 'done', operations, commit: 'c1', finishedAt: 150 })
      expect(await scope.tidyRun(wiki.id, 'r1')).toEqual({
        ...run(wiki.id, 'r1', 100),
        status: 'done',
        operations,
        commit: 'c1',
        finishedAt: 150,
      })
      expect(await scope.tidyRun(wiki.id, 'nope')).toBeUndefined()
      expect((await scope.tidyRuns(wiki.id, 10)).map((r) => r.id)).toEqual(['r2', 'r3', 'r1'])
      expect((await scope.tidyRuns(wiki.id, 2)).map((r) => r.id)).toEqual(['r2', 'r3'])
    })

    it('adds up the AI spending of its spaces since a time', async () => {
      const { scope, wiki, acme } = await tenants()
      const ops = await seedSpace(store(), acme.id, 'ops')
      expect(await scope.spentSince(0)).toBe(0)
      await scope.createTidyRun(run(wiki.id, 'old', 100, 1.5))
      await scope.createTidyRun(run(wiki.id, 'new', 1000, 0.25))
      await scope.createTidyRun(run(ops.id, 'ops', 2000, 2))
      expect(await scope.spentSince(0)).toBeCloseTo(3.75)
      expect(await scope.spentSince(1000)).toBeCloseTo(2.25)
    })

    it('keeps, replaces and forgets the organization’s AI and embeddings settings', async () => {
      const { scope } = await tenants()
      expect(await scope.aiSettings()).toBeUndefined()
      expect(await scope.embeddingSettings()).toBeUndefined()
      await scope.setAiSettings(ai)
      await scope.setEmbeddingSettings(embeddings)
      expect(await scope.aiSettings()).toEqual(ai)
      expect(await scope.embeddingSettings()).toEqual(embeddings)
      await scope.setAiSettings({ ...ai, model: 'other', apiKey: null })
      expect(await scope.aiSettings()).toEqual({ ...ai, model: 'other', apiKey: null })
      await scope.setAiSettings(null)
      await scope.setEmbeddingSettings(null)
      expect(await scope.aiSettings()).toBeUndefined()
      expect(await scope.embeddingSettings()).toBeUndefined()
    })
  })

  describe(`${name}: one organization's store refuses another's space data`, () => {
    const store = freshStore(makeStore)

    /** Acme's wiki with some of everything, and Globex's store trying to reach it. */
    const filled = async () => {
      const { acme, globex, wiki } = await seedTwoTenants(store())
      const mine = store().forOrg(acme.id)
      await mine.updateGitState(wiki.id, { attempts: 2, credentials: 'sealed', webhookSecret: 'w' })
      await mine.addConflicts(wiki.id, [{ path: 'a.md', localSha: 'l', remoteSha: 'r', detectedAt: 1 }])
      await mine.holdFile(wiki.id, held('a.md', 'private text', 1))
      await mine.markPages(wiki.id, [{ path: 'a.md', sha: 'a1' }], 1)
      await mine.updateTidySettings(wiki.id, { enabled: true, model: 'big' })
      await mine.createTidyRun(run(wiki.id, 'r1', 10, 5))
      await mine.setAiSettings(ai)
      await mine.setEmbeddingSettings(embeddings)
      return { mine, other: store().forOrg(globex.id), wiki }
    }

    it('reads none of it', async () => {
      const { other, wiki } = await filled()
      await expectRefused(
        () => other.gitState(wiki.id),
        (s) => JSON.stringify(s).includes('sealed'),
      )
      await expectRefused(() => other.conflicts(wiki.id))
      await expectRefused(() => other.heldFiles(wiki.id))
      await expectRefused(() => other.pageMarks(wiki.id))
      await expectRefused(
        () => other.tidySettings(wiki.id),
        (s) => JSON.stringify(s).includes('big'),
      )
      await expectRefused(() => other.tidyRun(wiki.id, 'r1'))
      await expectRefused(() => other.tidyRuns(wiki.id, 10))
      expect(await other.spaceModels()).toEqual([])
      expect(await other.spentSince(0)).toBe(0)
      expect(await other.aiSettings()).toBeUndefined()
      expect(await other.embeddingSettings()).toBeUndefined()
    })

    it('changes none of it', async () => {
      const { mine, other, wiki } = await filled()
      const before = {
        git: await mine.gitState(wiki.id),
        conflicts: await mine.conflicts(wiki.id),
        held: await mine.heldFiles(wiki.id),
        marks: await mine.pageMarks(wiki.id),
        tidy: await mine.tidySettings(wiki.id),
        runs: await mine.tidyRuns(wiki.id, 10),
      }
      await expectRefused(() => other.updateGitState(wiki.id, { attempts: 9, credentials: null }))
      await expectRefused(() =>
        other.addConflicts(wiki.id, [{ path: 'b.md', localSha: null, remoteSha: null, detectedAt: 2 }]),
      )
      await expectRefused(() => other.removeConflicts(wiki.id, ['a.md']))
      await expectRefused(() => other.holdFile(wiki.id, held('a.md', 'overwritten', 2)))
      await expectRefused(() => other.releaseHeldFiles(wiki.id, ['a.md']))
      await expectRefused(() => other.markPages(wiki.id, [{ path: 'a.md', sha: 'x' }], 2))
      await expectRefused(() => other.resetChangeBase(wiki.id, 'x'))
      await expectRefused(() => other.updateTidySettings(wiki.id, { enabled: false }))
      await expectRefused(() => other.createTidyRun(run(wiki.id, 'r2', 20)))
      await expectRefused(() => other.updateTidyRun(wiki.id, 'r1', { status: 'failed', cost: 0 }))
      await other.setAiSettings(null)
      await other.setEmbeddingSettings(null)

      expect(await mine.gitState(wiki.id)).toEqual(before.git)
      expect(await mine.conflicts(wiki.id)).toEqual(before.conflicts)
      expect(await mine.heldFiles(wiki.id)).toEqual(before.held)
      expect(await mine.pageMarks(wiki.id)).toEqual(before.marks)
      expect(await mine.tidySettings(wiki.id)).toEqual(before.tidy)
      expect(await mine.tidyRuns(wiki.id, 10)).toEqual(before.runs)
      expect(await mine.aiSettings()).toEqual(ai)
      expect(await mine.embeddingSettings()).toEqual(embeddings)
    })
  })
}
