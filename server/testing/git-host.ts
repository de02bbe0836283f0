import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { expect } from 'vitest'
import { createApp } from '#shared/api/app.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { seedWorld } from '#shared/testing/builders/seed-world.ts'
import { cloneWork, GitCommandError, isolatedGitEnv, type WorkClone } from '#shared/testing/git-cli.ts'
import { type TestApp, testApp } from '#shared/testing/test-app.ts'
import { hostRoutes } from '../routes.ts'

/** The space the Git host tests push to, as the API names it. */
export const S = '/organizations/acme/spaces/wiki'

/**
 * The test app served on loopback with the server's own routes, mounted as the server mounts them,
 * with organization acme (ada its admin) and space wiki (walt contributor, rita reader; olga none).
 */
export type GitHost = {
  t: TestApp
  url: string
  tokens: Record<string, string>
  /** Clones a space (acme/wiki by default) over the Git host as `user`, with their token unless given. */
  clone(user: string, secret?: string, space?: string): Promise<WorkClone>
  /** The branch tip of acme/wiki in the service's repository. */
  tip(): Promise<string>
  /** What the server logged, line by line: its fields and message. */
  logged: { fields: Record<string, unknown>; msg: string | undefined }[]
  close(): Promise<void>
}

/** Starts a Git host test: the app served on loopback, its people, and a folder for clones. */
export async function startGitHost(): Promise<GitHost> {
  const t = await testApp()
  const logged: GitHost['logged'] = []
  const note = (fields: object, msg?: string) => logged.push({ fields: { ...fields }, msg })
  const served = await serveWithGit(t, { info: note, warn: note, error: note })
  const work = await mkdtemp(join(tmpdir(), 'quire-git-host-'))
  const env = isolatedGitEnv(work)
  const world = await seedWorld(t.deps, {
    spaces: { wiki: { members: { walt: 'contributor', rita: 'reader' } } },
    outsiders: ['olga'],
  })
  const tokens: Record<string, string> = {}
  for (const name of ['root', 'ada', 'walt', 'rita', 'olga']) tokens[name] = world.token(name)
  let clones = 0
  const gitUrl = (user: string, secret = tokens[user] ?? '', space = 'acme/wiki') =>
    `${served.url.replace('//', `//${user}:${secret}@`)}/git/${space}.git`
  return {
    t,
    url: served.url,
    tokens,
    logged,
    clone: (user, secret, space) =>
      cloneWork(gitUrl(user, secret, space), join(work, `clone-${++clones}`), env),
    tip: async () => (await t.deps.repos.open(await t.idOf('space', 'wiki'), 'main').head()) ?? '',
    close: async () => {
      await served.close()
      await t.close()
      await rm(work, { recursive: true, force: true })
    },
  }
}

/** The test app served on loopback with the server's own routes, mounted as the server mounts them. */
export async function serveWithGit(
  app: TestApp,
  logger?: Logger,
): Promise<{ url: string; close(): Promise<void> }> {
  let base = ''
  const created = createApp(app.deps, {
    ownOrigins: () => [base],
    routes: hostRoutes(app.deps, { baseUrl: () => base, ownOrigins: () => [base], logger }),
    logger,
  })
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: created.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The stderr of a git command that must fail. */
export async function failing(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GitCommandError)
  return (error as GitCommandError).stderr
}
