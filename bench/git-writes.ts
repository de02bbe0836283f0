import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type GitRemote, startGitRemote } from '../shared/testing/git-remote.ts'
import { type BenchServer, startBenchServer, syncedBenchSpace } from './setup.ts'
import { report, time } from './stats.ts'

const WRITES = 40

/** A realistic page of about 1 KB. */
export function page(i: number): string {
  const words = [
    'deploy',
    'runbook',
    'incident',
    'backup',
    'network',
    'policy',
    'review',
    'access',
    'monitor',
    'release',
  ]
  const body = Array.from(
    { length: 12 },
    (_, l) =>
      `- ${words[(i + l) % 10]} step ${l}: check the ${words[(i * 7 + l) % 10]} dashboard and note the result.`,
  )
  return `---\nowner: ops\n---\n# Page ${i}\n\n${body.join('\n')}\n\nSee [the index](../index.md).\n`
}

/** Where page `i` sits under `content/`: folders of 100. */
export const pagePath = (i: number) => `topic-${String(Math.floor(i / 100)).padStart(3, '0')}/page-${i}.md`

/** `pages` pages in folders of 100, as a file map for a new repository. */
export function pages(count: number): Record<string, string> {
  const files: Record<string, string> = { 'content/index.md': '# Index\n' }
  for (let i = 0; i < count; i++) files[`content/${pagePath(i)}`] = page(i)
  return files
}

/** `WRITES` one-file writes through the API to the bench space, each committed and pushed: their durations. */
export async function apiWrites(server: BenchServer, prefix = 'topic-000/bench'): Promise<number[]> {
  let n = 0
  return time(
    WRITES,
    async () => {
      const i = n++
      const response = await server.api('PUT', `/organizations/bench/spaces/wiki/files/${prefix}-${i}.md`, {
        content: `# Bench ${i}\n\nWritten through the API.\n`,
      })
      const body = (await response.json()) as { pushed?: boolean }
      if (response.status !== 201 || !body.pushed)
        throw new Error(`write ${i} failed: ${response.status} ${JSON.stringify(body)}`)
    },
    5,
  )
}

/** The bench space synced from an N-page repository on a new remote: the server and the remote to stop. */
export async function remoteBenchSpace(
  count: number,
  options: { databaseUrl?: string } = {},
): Promise<{ server: BenchServer; remote: GitRemote }> {
  const remote = await startGitRemote()
  const server = await startBenchServer(options)
  const repo = `bench/wiki-${count}.git`
  await remote.createRepo(repo, { files: pages(count) })
  await syncedBenchSpace(server, remote, repo)
  return { server, remote }
}

/**
 * One-file writes on an N-page repository, pushed to a smart-HTTP remote on loopback: through the
 * API (check, commit, push) beside the git CLI doing the same work in a clone; then the time for
 * a commit pushed with the CLI to become readable through the API after a signed webhook.
 */
export async function benchGitWrites(count: number): Promise<void> {
  const remote: GitRemote = await startGitRemote()
  const server = await startBenchServer()
  const api = server.api
  try {
    const repo = `bench/wiki-${count}.git`
    const started = performance.now()
    await remote.createRepo(repo, { files: pages(count) })
    await syncedBenchSpace(server, remote, repo)
    const setup = performance.now() - started
    const S = '/organizations/bench/spaces/wiki'

    const label = `[${count} pages]`
    let n = 0
    report(`API write: PUT files (commit + push over HTTP)  ${label}`, await apiWrites(server))

    const clone = await remote.clone(repo)
    const cliWrites = await time(
      WRITES,
      async () => {
        const i = n++
        await clone.git('pull', '--quiet', '--ff-only')
        const path = `content/topic-001/cli-${i}.md`
        await writeFile(join(clone.dir, path), `# CLI ${i}\n`)
        await clone.git('add', path)
        await clone.git('commit', '--quiet', '-m', `CLI ${i}`)
        await clone.git('push', '--quiet', 'origin', 'HEAD')
      },
      3,
    )
    report(`git CLI: pull + add + commit + push             ${label}`, cliWrites)
    const cliOnly = await time(
      WRITES,
      async () => {
        const i = n++
        const path = `content/topic-002/cli-${i}.md`
        await writeFile(join(clone.dir, path), `# CLI only ${i}\n`)
        await clone.git('add', path)
        await clone.git('commit', '--quiet', '-m', `CLI only ${i}`)
        await clone.git('push', '--quiet', 'origin', 'HEAD')
      },
      3,
    )
    report(`git CLI: add + commit + push (same work)        ${label}`, cliOnly)

    const { secret } = (await (await api('POST', `${S}/git/webhook-secret`)).json()) as { secret: string }
    const hooks: number[] = []
    for (let i = 0; i < 10; i++) {
      hooks.push(
        await (async () => {
          const path = `content/topic-003/hook-${i}-${Math.random().toString(36).slice(2)}.md`
          await writeFile(join(clone.dir, path), `# Hook ${i}\n`)
          await clone.git('add', path)
          await clone.git('commit', '--quiet', '-m', `Hook ${i}`)
          await clone.git('push', '--quiet', 'origin', 'HEAD')
          const pushedAt = performance.now()
          await fetch(`${server.url}/api/v1/hooks/git/bench/wiki`, {
            method: 'POST',
            headers: { 'X-Forgec-Token': secret },
            body: '{}',
          })
          for (;;) {
            const response = await api('GET', `${S}/files/${path.slice('content/'.length)}`)
            await response.arrayBuffer()
            if (response.status === 200) break
            await new Promise((resolve) => setTimeout(resolve, 2))
          }
          return performance.now() - pushedAt
        })(),
      )
    }
    report(`external commit readable, from webhook sent     ${label}`, hooks)
    console.log(
      `  (setup: repository of ${count} pages created and first sync in ${(setup / 1000).toFixed(1)} s)`,
    )
  } finally {
    await server.close()
    await remote.stop()
  }
}
