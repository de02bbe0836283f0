import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { catchUpChanges } from '../shared/services/inbox/change-log.ts'
import { isolatedGitEnv } from '../shared/testing/git-cli.ts'
import { json, testApp } from '../shared/testing/test-app.ts'
import { report, time } from './stats.ts'

const SPACE = '/organizations/bench/spaces/wiki'
const FOLDERS = 100
const PEOPLE = ['Ada', 'Bea', 'Carl', 'Dora', 'Emil']

/**
 * A `git fast-import` stream: one commit adding `pages` pages in FOLDERS folders on top of `parent`,
 * then `commits - 1` commits each changing one page, written by several people, some through the API.
 */
function* importStream(parent: string, pages: number, commits: number): Generator<string> {
  const page = (i: number) => `content/f${String(i % FOLDERS).padStart(3, '0')}/page-${i}.md`
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`
  const at = 1_700_000_000
  let added = `commit refs/heads/import\ncommitter Bench <bench@example.com> ${at} +0000\n`
  added += `${data('Pages')}from ${parent}\n`
  for (let i = 0; i < pages; i++)
    added += `M 100644 inline ${page(i)}\n${data(`# Page ${i}\n\nFirst text.\n`)}`
  yield added
  for (let n = 1; n < commits; n++) {
    const who = PEOPLE[n % PEOPLE.length] ?? 'Ada'
    const trailers = n % 3 === 0 ? '\n\nSource: api\nVia: API · script' : ''
    const target = (n * 7919) % pages
    yield `commit refs/heads/import\nauthor ${who} <${who.toLowerCase()}@example.com> ${at + n} +0000\n` +
      `committer ${who} <${who.toLowerCase()}@example.com> ${at + n} +0000\n` +
      data(`Edit page ${target}${trailers}`) +
      `M 100644 inline ${page(target)}\n${data(`# Page ${target}\n\nEdit ${n}.\n`)}`
  }
}

/** Writes the stream into a bare repository with `git fast-import`; returns the new tip. */
async function fastImport(gitdir: string, stream: Iterable<string>): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'quire-bench-import-'))
  try {
    const env = isolatedGitEnv(home)
    const child = spawn('git', ['--git-dir', gitdir, 'fast-import', '--quiet'], {
      env,
      stdio: ['pipe', 'ignore', 'inherit'],
    })
    const closed = new Promise<number | null>((done) => child.on('close', done))
    for (const chunk of stream) {
      if (!child.stdin.write(chunk)) await new Promise((done) => child.stdin.once('drain', done))
    }
    child.stdin.end()
    if ((await closed) !== 0) throw new Error('git fast-import failed')
    const parse = spawn('git', ['--git-dir', gitdir, 'rev-parse', 'refs/heads/import'], { env })
    let out = ''
    parse.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    await new Promise((done) => parse.on('close', done))
    return out.trim()
  } finally {
    await rm(home, { recursive: true, force: true })
  }
}

/**
 * The inbox of a space with `pages` pages and `commits` commits since the space's first look: the
 * change log's catch-up on all of them (the background work after a large push or sync), then
 * `GET .../inbox?limit=20` as it stands, and right after one more write through the API.
 */
export async function benchInbox(pages: number, commits: number): Promise<void> {
  const t = await testApp()
  try {
    const root = await t.user('root', { superadmin: true })
    await t.call('POST', '/organizations', {
      token: root,
      body: { slug: 'bench', name: 'Bench', join: true },
    })
    await t.call('POST', '/organizations/bench/spaces', { token: root, body: { slug: 'wiki', name: 'Wiki' } })
    await t.deps.indexQueue.idle()
    const orgId = (await t.deps.store.organizations.bySlug('bench'))?.id ?? 0
    const space = await t.deps.store.forOrg(orgId).spaces.bySlug('wiki')
    if (!space) throw new Error('no bench space')
    const repo = t.deps.repos.open(space.id, space.branch)
    // The first look: changes are reported from here on.
    await t.call('GET', `${SPACE}/inbox?limit=20`, { token: root })
    const from = await repo.head()
    if (!from) throw new Error('the bench space has no commit')
    const label = `[${pages} pages, ${commits} commits]`
    let started = performance.now()
    const tip = await fastImport(t.deps.repos.folder(space.id), importStream(from, pages, commits))
    await repo.advance(from, tip, 'bench: import')
    console.log(
      `${`git fast-import of the history ${label}`.padEnd(58)} ${(performance.now() - started).toFixed(0)} ms`,
    )
    const store = t.deps.store.forOrg(orgId).space(space.id)
    started = performance.now()
    await catchUpChanges(repo, store.marks, tip, (await store.git.get()).changeBase ?? from)
    console.log(
      `${`change log catch-up, every commit read once ${label}`.padEnd(58)} ${(performance.now() - started).toFixed(0)} ms`,
    )
    const list = async () => {
      const response = await t.call('GET', `${SPACE}/inbox?limit=20`, { token: root })
      if (response.status !== 200) throw new Error(`inbox answered ${response.status}`)
      return response
    }
    const total = Number((await list()).headers.get('x-total-count'))
    report(`GET inbox?limit=20 (${total} change items) ${label}`, await time(30, list, 3))
    const [first] = await json<{ name: string }[]>(await list())
    report(
      `GET one change item with its diff ${label}`,
      await time(30, () => t.call('GET', `${SPACE}/inbox/${first?.name}`, { token: root }), 3),
    )
    let n = 0
    const writeThenList = async () => {
      const path = `content/f000/page-0.md`
      const sha = await repo.shaOf(path)
      const written = await t.call('PUT', `${SPACE}/files/${path.slice('content/'.length)}`, {
        token: root,
        body: { content: `# Page 0\n\nWritten through the API, ${n++}.\n`, base_sha: sha },
      })
      if (written.status !== 200) throw new Error(`write answered ${written.status}`)
      const started = performance.now()
      await list()
      return performance.now() - started
    }
    const afterWrite: number[] = []
    for (let i = 0; i < 20; i++) afterWrite.push(await writeThenList())
    report(`GET inbox?limit=20 right after a write ${label}`, afterWrite)
  } finally {
    await t.close()
  }
}
