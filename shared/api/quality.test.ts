import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Verified = {
  commit: string | null
  path: string
  freshness: {
    state: string
    owner: string | null
    verified_at: string | null
    review_every: string
    review_due: string | null
  }
}

let t: TestApp
let admin: string
let writer: string
const S = '/organizations/acme/spaces/ops'
const WIKI: Record<string, string> = {
  'index.md':
    '# Ops\n\n- [Backups](runbooks/backups.md)\n- [Deploy](runbooks/deploy.md)\n- [Postgres](services/postgres.md)\n',
  'runbooks/backups.md':
    '# Backups\n\nNightly database backups go to the object store. See [restore](restore.md) and [[postgres]].\n',
  'runbooks/restore.md':
    '# Restore\n\nRestore the database backups from the object store; restore drills run monthly.\n',
  'runbooks/deploy.md': '# Deploy\n\nDeploys go through the pipeline. See [the old guide](old-deploy.md).\n',
  'services/postgres.md':
    '---\nowner: ada\nverified: 2025-01-01\nreview_every: 90d\n---\n# Postgres\n\nPrimary database cluster; backups nightly.\n',
  'services/lonely.md':
    '---\nverified: 2026-11-01\n---\n# Lonely\n\nA page nobody links to, about the team lunch.\n',
  'notes/empty.md': '# Empty\n',
  'notes/untitled.md': 'Just some words without a title.\n',
}
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: { ops: { members: { walt: 'contributor' }, pages: WIKI } },
  })
  admin = world.token('ada')
  writer = world.token('walt')
  await t.deps.indexQueue.idle()
})
afterEach(() => t.close())

const verify = async (path: string, body: Record<string, unknown>, token = writer) => {
  const response = await t.call('POST', `${S}/verify/${path}`, { token, body })
  return {
    status: response.status,
    body: response.status === 200 ? await json<Verified>(response) : undefined,
  }
}
const text = async (path: string) =>
  (await json<{ text: string }>(await t.call('GET', `${S}/files/${path}`, { token: writer }))).text

describe('verification', () => {
  it('verifies today, makes the caller owner of an unowned page, and changes only the front matter', async () => {
    const { body } = await verify('runbooks/deploy.md', {})
    expect(body?.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(body?.freshness).toMatchObject({ state: 'verified', owner: 'walt', verified_at: '2026-11-21' })
    expect(await text('runbooks/deploy.md')).toBe(
      `---\nowner: walt\nverified: 2026-11-21\n---\n${WIKI['runbooks/deploy.md']}`,
    )
  })

  it('keeps an existing owner, sets the interval, and empties it back to the space’s', async () => {
    await t.call('PATCH', S, { token: admin, body: { review_every: '6m' } })
    const set = await verify('services/postgres.md', { review_every: '1y' })
    expect(set.body?.freshness).toMatchObject({ owner: 'ada', review_every: '1y', review_due: '2027-11-21' })
    expect(await text('services/postgres.md')).toBe(
      '---\nowner: ada\nverified: 2026-11-21\nreview_every: 1y\n---\n# Postgres\n\nPrimary database cluster; backups nightly.\n',
    )
    const cleared = await verify('services/postgres.md', { review_every: '', verify: false })
    expect(cleared.body?.freshness).toMatchObject({ review_every: '6m', verified_at: '2026-11-21' })
  })

  it('with verify: false updates only owner and interval; nothing to change means commit null', async () => {
    const { body } = await verify('services/postgres.md', { owner: 'walt', verify: false })
    expect(body?.freshness).toMatchObject({ owner: 'walt', verified_at: '2025-01-01', state: 'stale' })
    expect((await verify('services/postgres.md', { owner: 'walt', verify: false })).body?.commit).toBeNull()
  })

  it('refuses what is not a Markdown page (400), a bad interval (400), missing pages (404) and readers', async () => {
    await t.call('PUT', `${S}/files/data.csv`, { token: admin, body: { content: 'a,b\n' } })
    expect((await verify('data.csv', {})).status).toBe(400)
    expect((await verify('runbooks/deploy.md', { review_every: 'soon' })).status).toBe(400)
    expect((await verify('nope.md', {})).status).toBe(404)
    const reader = await t.user('rita')
    await t.call('PUT', `${S}/members/rita`, { token: admin, body: { role: 'reader' } })
    expect((await verify('runbooks/deploy.md', {}, reader)).status).toBe(403)
  })

  it('is not reported to the tidy-up as a change', async () => {
    for (const item of await json<{ name: string }[]>(
      await t.call('GET', `${S}/inbox?kind=change`, { token: writer }),
    )) {
      await t.call('POST', `${S}/inbox/${item.name}/seen`, { token: writer })
    }
    await verify('runbooks/deploy.md', {})
    expect(await json(await t.call('GET', `${S}/inbox?kind=change`, { token: writer }))).toEqual([])
  })
})

describe('health', () => {
  it('lists broken links with a suggestion, orphans, empty, untitled, stale, due and unowned pages', async () => {
    t.clock.advance(200 * 24 * 3600_000)
    await t.call('PUT', `${S}/files/runbooks/restore.md`, {
      token: admin,
      body: { content: `${WIKI['runbooks/restore.md']}\nUpdated.\n`, force: true },
    })
    await t.deps.indexQueue.idle()
    const report = await json<Record<string, unknown>>(
      await t.call('GET', `${S}/health?months=6`, { token: writer }),
    )
    expect(report.broken).toEqual([
      { page: 'runbooks/deploy.md', link: 'old-deploy.md', suggestion: 'runbooks/deploy.md' },
    ])
    expect(report.orphans).toEqual(['notes/empty.md', 'notes/untitled.md', 'services/lonely.md'])
    expect(report.empty).toEqual(['notes/empty.md'])
    expect(report.untitled).toEqual(['notes/untitled.md'])
    expect((report.stale as { page: string }[]).map((s) => s.page)).not.toContain('runbooks/restore.md')
    expect((report.stale as { page: string }[]).map((s) => s.page)).toContain('runbooks/deploy.md')
    expect(report.due).toEqual([
      { path: 'services/postgres.md', owner: 'ada', verified: '2025-01-01', due: '2025-04-01' },
    ])
    expect(report.unowned).toEqual(['services/lonely.md'])
    expect(report.counts).toMatchObject({
      broken: 1,
      orphans: 3,
      empty: 1,
      untitled: 1,
      due: 1,
      unowned: 1,
      verified: 1,
    })
  })

  it('suggests the page a misspelt link meant, letters swapped included', async () => {
    await t.call('PUT', `${S}/files/deploy.md`, { token: admin, body: { content: '# Deploy\n' } })
    await t.call('PUT', `${S}/files/notes/release.md`, {
      token: admin,
      body: { content: '# Release\n\nFollow [the deploy steps](../deplyo.md).\n' },
    })
    await t.deps.indexQueue.idle()
    const report = await json<{ broken: unknown[] }>(await t.call('GET', `${S}/health`, { token: writer }))
    expect(report.broken).toContainEqual({
      page: 'notes/release.md',
      link: '../deplyo.md',
      suggestion: 'deploy.md',
    })
  })

  it('judges a Markdown link as the page view follows it (its path exactly), a wiki link by name', async () => {
    await t.call('PUT', `${S}/files/notes/links.md`, {
      token: admin,
      body: {
        content:
          '# Links\n\n[a](../runbooks/Deploy.md), [b](../runbooks/deploy), [c](deploy.md), ' +
          '[d](later.md) and [[Later]].\n',
      },
    })
    await t.deps.indexQueue.idle()
    // Pages written after the links to them: found by the report without the linking page being read again.
    await t.call('PUT', `${S}/files/notes/later.md`, { token: admin, body: { content: '# Later\n' } })
    await t.deps.indexQueue.idle()
    const report = await json<{ broken: { page: string; link: string; suggestion: string | null }[] }>(
      await t.call('GET', `${S}/health`, { token: writer }),
    )
    expect(report.broken.filter((b) => b.page === 'notes/links.md')).toEqual([
      { page: 'notes/links.md', link: '../runbooks/Deploy.md', suggestion: 'runbooks/deploy.md' },
      { page: 'notes/links.md', link: '../runbooks/deploy', suggestion: 'runbooks/deploy.md' },
      { page: 'notes/links.md', link: 'deploy.md', suggestion: 'runbooks/deploy.md' },
    ])
    const backlinks = async (path: string) =>
      (await json<{ path: string }[]>(await t.call('GET', `${S}/backlinks/${path}`, { token: writer }))).map(
        (b) => b.path,
      )
    expect(await backlinks('notes/later.md')).toEqual(['notes/links.md'])
    expect(await backlinks('runbooks/deploy.md')).toEqual(['index.md'])
  })

  it('reports a page written just before, even while the indexer is still busy with the space', async () => {
    const org = await t.deps.store.organizations.bySlug('acme')
    const space = org && (await t.deps.store.forOrg(org.id).spaces.bySlug('ops'))
    if (!space) throw new Error('no space')
    let release = () => {}
    void t.deps.indexQueue.run(space.id, () => new Promise<void>((done) => (release = done)))
    await t.call('PUT', `${S}/files/notes/fresh.md`, {
      token: admin,
      body: { content: '# Fresh\n\nSee [the plan](plan.md).\n' },
    })
    const response = t.call('GET', `${S}/health`, { token: writer })
    setTimeout(() => release(), 50)
    const report = await json<{ broken: { page: string }[] }>(await response)
    expect(report.broken.map((b) => b.page)).toContain('notes/fresh.md')
  })
})

describe('related pages', () => {
  type Related = {
    path: string
    score: number
    reason: string
    reasons: string[]
    label: string
    linked: boolean
  }

  it('finds pages by words, links and folder, strongest signal first, nothing below 0.2', async () => {
    const related = await json<Related[]>(
      await t.call('GET', `${S}/files/runbooks/backups.md/related?limit=10`, { token: writer }),
    )
    const restore = related.find((r) => r.path === 'runbooks/restore.md')
    expect(restore).toMatchObject({ linked: true })
    expect(restore?.reasons).toEqual(expect.arrayContaining(['link', 'words']))
    expect(related.find((r) => r.path === 'index.md')?.reasons).toContain('backlink')
    expect(related.some((r) => r.path === 'services/lonely.md')).toBe(false)
    expect(related.every((r) => r.score >= 0.2)).toBe(true)
    expect(related.some((r) => r.path === 'runbooks/backups.md')).toBe(false)
  })

  it('follow a page’s edits: one that comes to share the words is related by them, and no longer once it does not', async () => {
    const byWords = async () =>
      (
        await json<Related[]>(
          await t.call('GET', `${S}/files/runbooks/backups.md/related?limit=20`, { token: writer }),
        )
      )
        .find((r) => r.path === 'notes/store.md')
        ?.reasons.includes('words') ?? false
    const write = async (content: string) => {
      const current = await t.call('GET', `${S}/files/notes/store.md`, { token: admin })
      const base_sha = current.status === 200 ? (await json<{ sha: string }>(current)).sha : ''
      const saved = await t.call('PUT', `${S}/files/notes/store.md`, {
        token: admin,
        body: { content, base_sha },
      })
      expect(saved.status).toBeLessThan(300)
    }
    await write('# Lunch\n\nSoup and bread on Fridays in the canteen.\n')
    expect(await byWords()).toBe(false)
    await write('# Store\n\nNightly database backups go to the object store; database backups nightly.\n')
    expect(await byWords()).toBe(true)
    await write('# Lunch\n\nSoup and bread on Fridays in the canteen.\n')
    expect(await byWords()).toBe(false)
  })

  it('are the same after a restart, from the counts indexing kept or, for pages indexed before it kept them, from their text', async () => {
    const related = async () =>
      json<Related[]>(
        await t.call('GET', `${S}/files/runbooks/backups.md/related?limit=20`, { token: writer }),
      )
    const before = await related()
    expect(before.map((r) => r.path)).toContain('runbooks/restore.md')
    await t.restart()
    expect(await related()).toEqual(before)
    // As an installation indexed before the counts were kept: the pages' rows hold none.
    const org = await t.deps.store.organizations.bySlug('acme')
    const ops = (await t.deps.store.forOrg(org!.id).spaces.list()).find((s) => s.slug === 'ops')!
    const index = t.deps.store.index.forSpace(ops.id)
    await index.upsert(await index.files(), await index.links())
    expect((await index.pageTerms()).every((row) => row.terms === null)).toBe(true)
    await t.restart()
    expect(await related()).toEqual(before)
  })

  it('exist only for Markdown pages: 400 for another file, 404 for a missing one, in both languages', async () => {
    await t.call('PUT', `${S}/files/pics/diagram.png`, {
      token: admin,
      body: { content_base64: Buffer.from([137, 80, 78, 71]).toString('base64') },
    })
    await t.deps.indexQueue.idle()
    const related = (path: string, locale = 'en') =>
      t.call('GET', `${S}/files/${path}/related`, { token: writer, headers: { 'accept-language': locale } })
    const picture = await related('pics/diagram.png')
    expect(picture.status).toBe(400)
    expect(await json(picture)).toEqual({
      error: 'invalid',
      message: 'Related pages exist only for Markdown pages; "pics/diagram.png" is not one.',
    })
    expect((await json(await related('pics/diagram.png', 'fr'))).message).toBe(
      'Les pages liées n’existent que pour les pages Markdown ; « pics/diagram.png » n’en est pas une.',
    )
    for (const missing of ['pics/missing.png', 'runbooks/missing.md', 'runbooks']) {
      const response = await related(missing)
      expect(response.status).toBe(404)
      expect((await json(response)).error).toBe('not_found')
    }
  })

  it('labels in French, validates the limit, and reads a file named related through raw', async () => {
    const fr = await json<Related[]>(
      await t.call('GET', `${S}/files/runbooks/backups.md/related?limit=1`, {
        token: writer,
        headers: { 'accept-language': 'fr' },
      }),
    )
    expect(fr).toHaveLength(1)
    expect([
      'Même sujet',
      'Beaucoup de mots en commun',
      'Cite cette page',
      'Lien depuis cette page',
      'Liens en commun',
      'Dans le même dossier',
    ]).toContain(fr[0]?.label)
    expect(
      (await t.call('GET', `${S}/files/runbooks/backups.md/related?limit=0`, { token: writer })).status,
    ).toBe(422)
    expect(
      (await t.call('GET', `${S}/files/runbooks/backups.md/related?limit=21`, { token: writer })).status,
    ).toBe(422)
    await t.call('PUT', `${S}/files/notes/related`, {
      token: admin,
      body: { content: 'a file named related' },
    })
    expect(await (await t.call('GET', `${S}/raw/notes/related`, { token: writer })).text()).toBe(
      'a file named related',
    )
  })
})

describe('embeddings settings', () => {
  it('are null by default (the built-in model), write-only for the key, base_url for the super admin', async () => {
    expect(await json(await t.call('GET', '/organizations/acme/embeddings', { token: admin }))).toBeNull()
    // A space member is an organization member: the organization is visible, its settings are not.
    expect((await t.call('GET', '/organizations/acme/embeddings', { token: writer })).status).toBe(403)
    const refused = await t.call('PUT', '/organizations/acme/embeddings', {
      token: admin,
      body: { provider: 'openai-compatible', model: 'nomic', base_url: 'http://127.0.0.1:9/v1' },
    })
    expect(refused.status).toBe(403)
    const set = await json(
      await t.call('PUT', '/organizations/acme/embeddings', {
        token: admin,
        body: { provider: 'openai', model: 'text-embedding-3-small', api_key: 'sk-test-abcdef' },
      }),
    )
    expect(set).toEqual({ provider: 'openai', model: 'text-embedding-3-small', base_url: '', has_key: true })
    expect(
      JSON.stringify(await json(await t.call('GET', '/organizations/acme/embeddings', { token: admin }))),
    ).not.toContain('sk-test')
  })
})
