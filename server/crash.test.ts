import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeLlm } from '#shared/testing/fake-llm-server.ts'
import { callApi, launchServer, type ServerProcess } from './testing/server-process.ts'

const run = promisify(execFile)
const TOKEN = 'crash-campaign-admin-token-0123456789'
const SPACES = ['alpha', 'beta', 'gamma']
const WRITERS_PER_SPACE = 4
/** Rounds of the campaign; `CRASH_ROUNDS=50 npm run test:unit -- server/crash.test.ts` runs a longer one. */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 4)

let dataDir: string
let server: ServerProcess | undefined
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-crash-'))
})
afterEach(() => {
  server?.child.kill('SIGKILL')
  server = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

const start = async () => {
  server = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN })
  return server.listening
}

/** Git's own verdict on a space's repository: fsck clean, and its history as commits with their parents. */
async function historyOf(spaceId: number): Promise<string[][]> {
  const gitdir = join(dataDir, 'repos', `${spaceId}.git`)
  await run('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-dangling'])
  const { stdout } = await run('git', ['--git-dir', gitdir, 'rev-list', '--parents', 'HEAD'])
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
}

describe('a kill -9 during concurrent writes', () => {
  it(
    'loses no acknowledged write: after each restart every one reads back, history stays linear and git fsck is clean',
    async () => {
      let url = await start()
      expect(
        (await callApi(url, TOKEN, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true }))
          .status,
      ).toBe(201)
      for (const slug of SPACES) {
        const response = await callApi(url, TOKEN, 'POST', '/organizations/acme/spaces', { slug, name: slug })
        expect(response.status).toBe(201)
      }
      // Space ids are the folder names of their repositories, numbered in creation order.
      const spaceIds = SPACES.map((_, i) => i + 1)

      /**
       * Every acknowledged write: path in its space -> the content the server said it committed, and
       * the contents tried after it without an answer (the kill came first): the page must hold the
       * acknowledged content or one of those, never an older one.
       */
      const acknowledged = new Map<string, { content: string; tried: string[] }>()
      for (let round = 0; round < ROUNDS; round++) {
        let stopping = false
        const writer = async (space: string, w: number) => {
          for (let i = 0; !stopping; i++) {
            // New pages, and one page each writer keeps replacing: both kinds must survive.
            const path = i % 3 === 2 ? `journal-${w}.md` : `r${round}/w${w}/page-${i}.md`
            const content = `# Round ${round}, writer ${w}, write ${i}\n\n${'Words of the page. '.repeat(20)}\n`
            const key = `${space}/${path}`
            acknowledged.get(key)?.tried.push(content)
            try {
              const response = await callApi(
                url,
                TOKEN,
                'PUT',
                `/organizations/acme/spaces/${space}/files/${path}`,
                {
                  content,
                  force: true,
                },
              )
              if (response.status === 200 || response.status === 201)
                acknowledged.set(key, { content, tried: [] })
              else await response.arrayBuffer()
            } catch {
              return // the server died under this request: it was never acknowledged
            }
          }
        }
        const writers = SPACES.flatMap((space) =>
          Array.from({ length: WRITERS_PER_SPACE }, (_, w) => writer(space, w)),
        )
        await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 600))
        server?.child.kill('SIGKILL')
        stopping = true
        await server?.exited
        await Promise.all(writers)

        url = await start()
        const checks = await Promise.all(
          [...acknowledged].map(async ([key, { content, tried }]) => {
            const [space, ...rest] = key.split('/')
            const response = await callApi(
              url,
              TOKEN,
              'GET',
              `/organizations/acme/spaces/${space}/files/${rest.join('/')}`,
            )
            const text =
              response.status === 200 ? ((await response.json()) as { text: string }).text : undefined
            return { key, status: response.status, same: text === content || tried.includes(text ?? '') }
          }),
        )
        expect(checks.filter((c) => !c.same)).toEqual([])
        for (const id of spaceIds) {
          const history = await historyOf(id)
          expect(history.filter((commit) => commit.length === 1)).toHaveLength(1)
          expect(history.every((commit) => commit.length <= 2)).toBe(true)
        }
      }
      expect(acknowledged.size).toBeGreaterThan(SPACES.length * WRITERS_PER_SPACE)

      // And the spaces take new writes on top of everything acknowledged.
      for (const space of SPACES) {
        const response = await callApi(
          url,
          TOKEN,
          'PUT',
          `/organizations/acme/spaces/${space}/files/after.md`,
          {
            content: '# After the crashes\n',
          },
        )
        expect(response.status).toBe(201)
      }
      for (const id of spaceIds) expect((await historyOf(id)).filter((c) => c.length === 1)).toHaveLength(1)
    },
    120_000 + ROUNDS * 20_000,
  )
})

/** Polls until `probe` gives a value, for at most `ms`. */
async function eventually<T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('gave up waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('a tidy run a kill -9 interrupted', () => {
  it('is taken over by the next start instead of blocking the space for the length of a lease', async () => {
    const llm = await startFakeLlm()
    try {
      let url = await start()
      const S = '/organizations/acme/spaces/notes'
      await callApi(url, TOKEN, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
      await callApi(url, TOKEN, 'POST', '/organizations/acme/spaces', { slug: 'notes', name: 'Notes' })
      const ai = await callApi(url, TOKEN, 'PUT', '/organizations/acme/ai', {
        provider: 'openai-compatible',
        model: 'house-model',
        base_url: llm.url,
        api_key: 'local-key-123456',
      })
      expect(ai.status).toBe(200)
      const drop = await callApi(url, TOKEN, 'POST', `${S}/inbox`, {
        title: 'Drill',
        content: 'It took 42 minutes.',
      })
      expect(drop.status).toBe(201)
      // The model takes its time: the process dies while the run waits for it.
      llm.delayNext(60_000)
      expect((await callApi(url, TOKEN, 'POST', `${S}/tidy`)).status).toBe(202)
      await eventually(async () => (llm.requests.length > 0 ? true : undefined), 20_000)
      server?.child.kill('SIGKILL')
      await server?.exited

      url = await start()
      const run = await eventually(async () => {
        const runs = (await (await callApi(url, TOKEN, 'GET', `${S}/tidy/runs`)).json()) as {
          status: string
        }[]
        return runs[0]?.status === 'running' ? undefined : runs[0]
      }, 20_000)
      expect(run.status).toBe('done')
      expect(llm.requests.length).toBeGreaterThan(1)
    } finally {
      await llm.stop()
    }
  }, 60_000)
})
