import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { requestIndex } from '../services/search/index-space.ts'
import { catchUpIndexes, rebuildIndexes } from '../services/search/rebuild-indexes.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { startFakeEmbeddings } from '../testing/embed/fake-embeddings-server.ts'
import { providerForOrg } from '../testing/embed/provider-for-org.ts'
import { pdfFile } from '../testing/fixtures/documents.ts'
import { json, onPostgres, type TestApp, testApp } from '../testing/test-app.ts'

type Result = {
  space: string
  path: string
  title: string
  score: number
  match: string
  extracted: boolean
  verified: boolean
  stale: boolean
  freshness: { state: string } | null
  snippets: { line: number; text: string; before: string; after: string }[]
}

const OPS: Record<string, string> = {
  'runbooks/deploy.md':
    '# Deploying\n\nDeployments go through the pipeline.\nRoll back with the previous release tag.\n',
  'runbooks/backups.md':
    '# Backups\n\nNightly database backups go to the object store.\nRestore drills run monthly.\n',
  'services/postgres.md': '# Postgres\n\nPrimary database cluster.\nConnection pooling through pgbouncer.\n',
  'services/redis.md': '# Redis\n\nCache and queues.\nEviction policy allkeys-lru.\n',
}
const HOME: Record<string, string> = {
  'maison/chauffage.md':
    '# Chauffage\n\nLa chaudière est révisée chaque année en mars.\nLe plombier passe le jeudi.\n',
  'papiers/impots.md': '# Impôts\n\nLa déclaration de revenus se fait en mai.\n',
}

let t: TestApp
let admin: string
let reader: string
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: {
      ops: { name: 'ops', members: { rita: 'reader' }, pages: OPS },
      home: { name: 'home', pages: HOME },
    },
  })
  admin = world.token('ada')
  reader = world.token('rita')
  await t.deps.indexQueue.idle()
})
afterEach(() => t.close())

const search = async (query: string, token = admin) => {
  const response = await t.call('GET', `/search?${query}`, { token })
  expect(response.status).toBe(200)
  return { results: await json<Result[]>(response), pending: response.headers.get('x-pending-count') }
}
const paths = async (query: string, token = admin) =>
  (await search(query, token)).results.map((r) => `${r.space}:${r.path}`)
/** The ops space's semantic switch and what its index holds, as its admin reads them. */
const semantic = async () =>
  json<{ enabled: boolean; files: number; chunks: number; waiting: number }>(
    await t.call('GET', '/organizations/acme/spaces/ops/semantic', { token: admin }),
  )

describe('search by words', () => {
  it('stems English and French, and ignores accents and case', async () => {
    expect(await paths('q=deploying&mode=text')).toEqual(['acme/ops:runbooks/deploy.md'])
    expect(await paths('q=chaudieres&mode=text')).toEqual(['acme/home:maison/chauffage.md'])
    expect(await paths('q=IMPOTS&mode=text')).toEqual(['acme/home:papiers/impots.md'])
    expect(await paths('q=database%20restore&mode=text')).toEqual(['acme/ops:runbooks/backups.md'])
  })

  it('gives up to three snippets with line numbers and the lines around them', async () => {
    const { results } = await search('q=pgbouncer&mode=text')
    expect(results[0]).toMatchObject({
      title: 'Postgres',
      match: 'text',
      extracted: false,
      verified: false,
      stale: false,
    })
    expect(results[0]?.snippets).toEqual([
      {
        line: 4,
        text: 'Connection pooling through pgbouncer.',
        before: 'Primary database cluster.',
        after: '',
      },
    ])
  })

  it('shows a page’s snippets as read, without Markdown marks, on the lines they were written on', async () => {
    await t.call('PUT', '/organizations/acme/spaces/ops/files/services/gateway.md', {
      token: admin,
      body: {
        content:
          '# Gateway\n\n| Name | Role |\n|---|---|\n| **Ingress** | routes to [the API](api.md) |\n\nThe *ingress* keeps `TLS` keys.\n',
      },
    })
    await t.call('PUT', '/organizations/acme/spaces/ops/files/services/gateway.txt', {
      token: admin,
      body: { content: 'Raw **ingress** notes\n' },
    })
    await t.deps.indexQueue.idle()
    const byPath = async (query: string) =>
      Object.fromEntries((await search(query)).results.map((r) => [r.path, r.snippets]))
    const found = await byPath('q=ingress&mode=text&spaces=acme/ops')
    expect(found['services/gateway.md']).toEqual([
      { line: 5, text: 'Ingress · routes to the API', before: '', after: '' },
      { line: 7, text: 'The ingress keeps TLS keys.', before: '', after: '' },
    ])
    // A file that is not a page is shown as written.
    expect(found['services/gateway.txt']?.[0]?.text).toBe('Raw **ingress** notes')
    const pattern = await byPath('q=routes%20to&regex=true&spaces=acme/ops')
    expect(pattern['services/gateway.md']?.[0]).toMatchObject({
      line: 5,
      text: 'Ingress · routes to the API',
    })
  })

  it('searches with a regular expression (400 when it cannot be read)', async () => {
    expect(await paths('q=allkeys-l[a-z]u&regex=true')).toEqual(['acme/ops:services/redis.md'])
    expect(await paths(`q=${encodeURIComponent('R\\u00c9VIS(É|E)E')}&regex=true`)).toEqual([
      'acme/home:maison/chauffage.md',
    ])
    const bad = await t.call('GET', '/search?q=(unclosed&regex=true', { token: admin })
    expect(bad.status).toBe(400)
    expect((await json(bad)).error).toBe('invalid')
  })

  it('refuses a pattern that needs backtracking (backreference, lookaround) as a malformed query (422)', async () => {
    for (const q of ['(a)\\1', 'deploy(?=ments)', '(?<!re)store', '(?<w>a)\\k<w>']) {
      const response = await t.call('GET', `/search?q=${encodeURIComponent(q)}&regex=true`, { token: admin })
      expect(response.status).toBe(422)
      const body = await json<{ detail: { loc: string[]; msg: string }[] }>(response)
      expect(body.detail).toEqual([
        expect.objectContaining({ loc: ['query', 'q'], msg: expect.stringMatching(/bounded time/) }),
      ])
    }
    // The same words without regex=true are a plain word search.
    expect((await t.call('GET', `/search?q=${encodeURIComponent('(a)\\1')}`, { token: admin })).status).toBe(
      200,
    )
  })

  it('answers a catastrophic pattern over a table rule at once, and /me meanwhile', async () => {
    const rule = `| Step | Owner |\n|${'-'.repeat(30)}|-------|\n| Deploy | ops |\n`
    for (const [path, content] of [
      ['runbooks/steps.md', `# Steps\n\n${rule}`],
      ['runbooks/marks.md', `# Marks\n\n${rule}\nThe spot is marked --x here.\n`],
    ])
      await t.call('PUT', `/organizations/acme/spaces/ops/files/${path}`, { token: admin, body: { content } })
    await t.deps.indexQueue.idle()
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const [found, me] = await Promise.all([
      t.call('GET', `/search?q=${encodeURIComponent('(-|-)+x')}&regex=true`, { token: admin }),
      t.call('GET', '/me', { token: reader }),
    ])
    // A loop held by the search shows in the first sample taken after it, so let one be taken.
    await new Promise((resolve) => setTimeout(resolve, 50))
    delay.disable()
    expect(me.status).toBe(200)
    expect((await json<Result[]>(found)).map((r) => [r.path, r.snippets.map((s) => s.line)])).toEqual([
      ['runbooks/marks.md', [7]],
    ])
    // The backtracking engine held the loop for seconds here (25 s with 30 dashes); RE2 takes milliseconds.
    expect(delay.max / 1e6).toBeLessThan(100)
  })

  it('searches only readable spaces, the listed ones, or a restricted token’s spaces', async () => {
    expect((await paths('q=database&mode=text', reader)).sort()).toEqual([
      'acme/ops:runbooks/backups.md',
      'acme/ops:services/postgres.md',
    ])
    expect(await paths('q=plombier&mode=text', reader)).toEqual([])
    expect(await paths('q=database&mode=text&spaces=acme/home')).toEqual([])
    expect((await t.call('GET', '/search?q=x&spaces=acme/home', { token: reader })).status).toBe(400)
    const limited = await json<{ token: string }>(
      await t.call('POST', '/me/tokens', { token: admin, body: { name: 'home', spaces: ['acme/home'] } }),
    )
    // Of the pages with either word, only the one in the token's space.
    expect(await paths('q=database%20OR%20plombier&mode=text', limited.token)).toEqual([
      'acme/home:maison/chauffage.md',
    ])
    expect(await paths('q=plombier&mode=text', limited.token)).toEqual(['acme/home:maison/chauffage.md'])
  })

  it('finds text extracted from documents, marked extracted', async () => {
    const pdf = Buffer.from(
      await pdfFile([['Disaster recovery plan', 'Failover to the standby region within four hours']]),
    ).toString('base64')
    await t.call('PUT', '/organizations/acme/spaces/ops/files/docs/dr-plan.pdf', {
      token: admin,
      body: { content_base64: pdf },
    })
    await t.deps.indexQueue.idle()
    const { results } = await search('q=failover%20standby&mode=text')
    expect(results.map((r) => [r.path, r.extracted])).toEqual([['docs/dr-plan.pdf', true]])
    expect(results[0]?.freshness).toBeNull()
  })

  it('counts pending notes with every word of q in X-Pending-Count', async () => {
    await t.call('POST', '/organizations/acme/spaces/ops/inbox', {
      token: admin,
      body: { content: 'Database failover drill next week' },
    })
    expect((await search('q=database%20failover&mode=text')).pending).toBe('1')
    expect((await search('q=pgbouncer&mode=text')).pending).toBe('0')
  })
})

describe('freshness in the ranking', () => {
  it('ranks verified, up-to-date pages higher and pages due for review lower', async () => {
    const page = (title: string, front: string) =>
      `---\n${front}---\n# ${title}\n\nThe incident checklist for the support rotation.\n`
    const base = '/organizations/acme/spaces/ops/files/checklists'
    await t.call('PUT', `${base}/a.md`, { token: admin, body: { content: page('Plain', '') } })
    await t.call('PUT', `${base}/b.md`, {
      token: admin,
      body: { content: page('Due', 'verified: 2024-01-01\nreview_every: 90d\n') },
    })
    await t.call('PUT', `${base}/c.md`, {
      token: admin,
      body: { content: page('Fresh', 'verified: 2026-11-01\nreview_every: 1y\n') },
    })
    await t.deps.indexQueue.idle()
    const { results } = await search('q=incident%20checklist%20rotation&mode=text')
    expect(results.map((r) => r.title)).toEqual(['Fresh', 'Plain', 'Due'])
    const [fresh, plain, due] = results
    expect(fresh?.verified).toBe(true)
    expect(due?.stale).toBe(true)
    expect((fresh?.score ?? 0) / (plain?.score ?? 1)).toBeCloseTo(1.1, 1)
    expect((due?.score ?? 0) / (plain?.score ?? 1)).toBeCloseTo(0.93, 1)
  })
})

describe('search by some of the words', () => {
  // The tester's case: a page titled Postgres that says "database", asked about with a word it lacks.
  it('finds the pages with some of the words of a short query when none has them all', async () => {
    for (const q of ['postgres performance', 'database maintenance']) {
      expect(await paths(`q=${encodeURIComponent(q)}`)).toContain('acme/ops:services/postgres.md')
      expect(await paths(`q=${encodeURIComponent(q)}&mode=text`)).toContain('acme/ops:services/postgres.md')
    }
    const { results } = await search('q=postgres%20performance&mode=text')
    expect(results).toEqual([
      expect.objectContaining({ path: 'services/postgres.md', match: 'text', title: 'Postgres' }),
    ])
    expect(results[0]?.snippets[0]).toMatchObject({ line: 1, text: 'Postgres' })
  })

  it('leaves the pages with only some of the words out once a page has them all', async () => {
    const long = `${'Unrelated notes about the office. '.repeat(30)}\nThe database maintenance window is on Sunday.\n`
    await t.call('PUT', '/organizations/acme/spaces/ops/files/runbooks/window.md', {
      token: admin,
      body: { content: `# Window\n\n${long}` },
    })
    await t.deps.indexQueue.idle()
    const { results } = await search('q=database%20maintenance&mode=text')
    expect(results).toEqual([expect.objectContaining({ path: 'runbooks/window.md', match: 'text' })])
    // A page needs half the words or more: one word of four is not enough.
    expect(await paths('q=database%20maintenance%20window%20sunday&mode=text')).toEqual([
      'acme/ops:runbooks/window.md',
    ])
    expect(await paths('q=postgres%20tuning%20vacuum%20settings&mode=text')).toEqual([])
  })
})

describe('search by meaning', () => {
  it('finds a page by a paraphrase that shares no word with it, and tells how it matched', async () => {
    const { results } = await search('q=how%20to%20recover%20lost%20data%20after%20a%20crash')
    const backups = results.find((r) => r.path === 'runbooks/backups.md')
    expect(backups?.match).toBe('meaning')
    expect(results[0]?.path).toBe('runbooks/backups.md')
    const both = await search('q=database%20backups')
    expect(both.results[0]).toMatchObject({ path: 'runbooks/backups.md', match: 'both' })
  })

  it('reads the semantic switch back with what is indexed (admin only)', async () => {
    const on = await semantic()
    expect(on.enabled).toBe(true)
    expect(on.files).toBe(4)
    await t.call('PUT', '/organizations/acme/spaces/ops/semantic', { token: admin, body: { enabled: false } })
    expect(await semantic()).toEqual({ enabled: false, files: 0, chunks: 0, waiting: 0 })
    expect((await t.call('GET', '/organizations/acme/spaces/ops/semantic', { token: reader })).status).toBe(
      403,
    )
  })

  it('answers the semantic switch with what is indexed, and turns it off', async () => {
    const on = await json<{ files: number; chunks: number; waiting: number }>(
      await t.call('PUT', '/organizations/acme/spaces/ops/semantic', {
        token: admin,
        body: { enabled: true },
      }),
    )
    // What is indexed when it answers: all of it on a small space, unless the model is slow (a busy
    // machine), when the files still to embed are counted as waiting and follow.
    expect(on.files + on.waiting).toBe(4)
    await expect.poll(semantic, { timeout: 60_000 }).toMatchObject({ files: 4, waiting: 0 })
    expect((await semantic()).chunks).toBeGreaterThanOrEqual(4)
    expect(
      (
        await t.call('PUT', '/organizations/acme/spaces/ops/semantic', {
          token: reader,
          body: { enabled: false },
        })
      ).status,
    ).toBe(403)
    expect(
      await json(
        await t.call('PUT', '/organizations/acme/spaces/ops/semantic', {
          token: admin,
          body: { enabled: false },
        }),
      ),
    ).toEqual({ files: 0, chunks: 0, waiting: 0 })
    const { results } = await search('q=how%20to%20recover%20lost%20data%20after%20a%20crash&spaces=acme/ops')
    expect(results.every((r) => r.match === 'text')).toBe(true)
  }, 90_000)
})

describe('the index follows Git', () => {
  it('after writes and deletes', async () => {
    await t.call('PUT', '/organizations/acme/spaces/ops/files/services/kafka.md', {
      token: admin,
      body: { content: '# Kafka\n\nEvent streaming with zookeeper-free brokers.\n' },
    })
    await t.deps.indexQueue.idle()
    expect(await paths('q=zookeeper&mode=text')).toEqual(['acme/ops:services/kafka.md'])
    await t.call('DELETE', '/organizations/acme/spaces/ops/files/services/kafka.md', { token: admin })
    await t.deps.indexQueue.idle()
    expect(await paths('q=zookeeper&mode=text')).toEqual([])
  })

  it.skipIf(onPostgres)('after a restart that missed changes, and when rebuilt from scratch', async () => {
    const repo = t.deps.repos.open(1, 'main')
    await repo.commit({
      parent: await repo.head(),
      changes: [
        {
          path: 'content/services/nats.md',
          content: new TextEncoder().encode('# NATS\n\nLightweight messaging with jetstream.\n'),
        },
      ],
      author: { name: 'Git', email: 'git@example.com' },
      message: 'Add NATS directly',
    })
    await repo.settle()
    await t.restart()
    expect(await paths('q=jetstream&mode=text')).toEqual([])
    await catchUpIndexes(t.deps)
    expect(await paths('q=jetstream&mode=text')).toEqual(['acme/ops:services/nats.md'])
    t.sqlite.exec('delete from text_files; delete from index_files')
    expect(await paths('q=jetstream&mode=text')).toEqual([])
    expect(await rebuildIndexes(t.deps)).toBe(2)
    expect(await paths('q=jetstream&mode=text')).toEqual(['acme/ops:services/nats.md'])
    expect(await paths('q=pgbouncer&mode=text')).toEqual(['acme/ops:services/postgres.md'])
  })
})

describe('meaning search through a provider', () => {
  it.skipIf(onPostgres)('forgets a space’s vectors after a restart without asking the provider', async () => {
    const provider = await startFakeEmbeddings()
    try {
      const root = await t.user('sam', { superadmin: true })
      await t.call('PUT', '/organizations/acme/embeddings', {
        token: root,
        body: { provider: 'openai-compatible', model: 'words', base_url: provider.url },
      })
      for (const slug of ['ops', 'home'])
        await t.call('PUT', `/organizations/acme/spaces/${slug}/semantic`, {
          token: admin,
          body: { enabled: true },
        })
      const acme = await t.deps.store.organizations.bySlug('acme')
      const idOf = async (slug: string) =>
        (acme && (await t.deps.store.forOrg(acme.id).spaces.bySlug(slug))?.id) ?? -1
      const [opsId, homeId] = [await idOf('ops'), await idOf('home')]
      const chunks = (spaceId: number) =>
        (
          t.sqlite.prepare('select count(*) as n from vector_chunks_8 where space_id = ?').get(spaceId) as {
            n: number
          }
        ).n
      expect(chunks(opsId)).toBeGreaterThan(0)
      expect(chunks(homeId)).toBeGreaterThan(0)
      // After a restart the provider's vector size is unknown until it answers again.
      await t.restart()
      const asked = provider.requests.length

      expect((await t.call('DELETE', '/organizations/acme/spaces/home', { token: admin })).status).toBe(204)
      expect(chunks(homeId)).toBe(0)
      const off = await t.call('PUT', '/organizations/acme/spaces/ops/semantic', {
        token: admin,
        body: { enabled: false },
      })
      expect(await json(off)).toEqual({ files: 0, chunks: 0, waiting: 0 })
      expect(chunks(opsId)).toBe(0)
      expect(provider.requests.length).toBe(asked)
    } finally {
      await provider.stop()
    }
  })
})

describe('vectors computed in the background', () => {
  const opsPaths = async (query: string) =>
    (await search(query)).results.filter((r) => r.space === 'acme/ops').map((r) => r.path)
  const opsSpace = async () => {
    const acme = await t.deps.store.organizations.bySlug('acme')
    const found = acme && (await t.deps.store.forOrg(acme.id).spaces.bySlug('ops'))
    if (!found) throw new Error('no ops space')
    return found
  }

  /** A provider on loopback for the organization, its vectors computed for every page already. */
  const providerForAcme = async () => {
    const provider = await providerForOrg(t)
    await t.deps.indexQueue.idle()
    return provider
  }

  it('finds the words of a page written while the model is busy, and its meaning once it answers', async () => {
    const provider = await providerForAcme()
    try {
      expect(await semantic()).toMatchObject({ enabled: true, files: 4, waiting: 0 })

      const release = provider.hold()
      const written = await t.call('PUT', '/organizations/acme/spaces/ops/files/services/nats.md', {
        token: admin,
        body: { content: '# NATS\n\nLightweight messaging with jetstream.\n' },
      })
      expect(written.status).toBe(201)
      // The words are indexed while the provider has not answered for the page's vectors.
      await requestIndex(t.deps, await opsSpace())
      expect(await opsPaths('q=jetstream&mode=text')).toEqual(['services/nats.md'])
      expect(await semantic()).toMatchObject({ files: 4, waiting: 1 })

      release()
      await t.deps.indexQueue.idle()
      expect(await semantic()).toMatchObject({ files: 5, waiting: 0 })
      // Found by meaning too now: the provider's vectors are word counts, so the words match.
      const found = (await search('q=jetstream&spaces=acme/ops')).results[0]
      expect(found).toMatchObject({ path: 'services/nats.md', match: 'both' })
    } finally {
      await provider.stop()
    }
  })

  it('goes on after a restart from the files still without vectors', async () => {
    const provider = await providerForAcme()
    try {
      provider.setDown(true)
      for (const name of ['nats', 'kafka'])
        await t.call('PUT', `/organizations/acme/spaces/ops/files/services/${name}.md`, {
          token: admin,
          body: { content: `# ${name}\n\nMessaging with ${name}.\n` },
        })
      await t.deps.indexQueue.idle()
      expect(await opsPaths('q=kafka&mode=text')).toEqual(['services/kafka.md'])
      expect(await semantic()).toMatchObject({ files: 4, waiting: 2 })

      provider.setDown(false)
      await t.restart()
      await catchUpIndexes(t.deps)
      await t.deps.indexQueue.idle()
      expect(await semantic()).toMatchObject({ files: 6, waiting: 0 })
      expect((await search('q=kafka&spaces=acme/ops')).results[0]).toMatchObject({
        path: 'services/kafka.md',
        match: 'both',
      })
    } finally {
      await provider.stop()
    }
  })
})
