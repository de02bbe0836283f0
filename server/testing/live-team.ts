import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { addPerson } from '#shared/testing/builders/person.ts'
import { type LiveClient, liveClient } from '#shared/testing/live-client.ts'
import { type InProcessServer, startInProcess } from './in-process-server.ts'

/** The page the live-editing tests type into. */
export const PAGE = { org: 'acme', space: 'docs', path: 'guides/setup.md' }

/** A server started for live editing, a space with one page, and three people in it. */
export type LiveTeam = {
  /** The server running now (a test that restarts it puts the new one here, to be closed with the team). */
  quire: InProcessServer
  dataDir: string
  /** Each person's token: Ada and Grace contribute, Linus reads. */
  people: Record<'ada' | 'grace' | 'linus', string>
  /** Joins a page's live session as a person (closed with the team). */
  enter(token: string, name: string, page?: typeof PAGE): LiveClient
  close(): Promise<void>
}

/** Starts a server with `acme/docs`, its page PAGE holding `text`, and Ada, Grace and Linus in it. */
export async function startLiveTeam(adminToken: string, text: string): Promise<LiveTeam> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-live-'))
  const quire = await startInProcess(dataDir, adminToken)
  const clients: LiveClient[] = []
  expect((await quire.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })).status).toBe(
    201,
  )
  expect((await quire.api('POST', '/organizations/acme/spaces', { slug: 'docs', name: 'Docs' })).status).toBe(
    201,
  )
  const people = { ada: '', grace: '', linus: '' }
  for (const [name, role] of [
    ['ada', 'contributor'],
    ['grace', 'contributor'],
    ['linus', 'reader'],
  ] as const) {
    people[name] = (await addPerson(quire.server.deps, name)).token
    const put = await quire.api('PUT', `/organizations/acme/spaces/docs/members/${name}`, { role })
    expect(put.status).toBe(200)
  }
  const write = await quire.api('PUT', `/organizations/acme/spaces/docs/files/${PAGE.path}`, {
    content: text,
  })
  expect(write.status).toBe(201)
  const team: LiveTeam = {
    quire,
    dataDir,
    people,
    enter(token, name, page = PAGE) {
      const client = liveClient(team.quire.server.url, page, { token }, name)
      clients.push(client)
      return client
    },
    async close() {
      for (const client of clients) client.close()
      await team.quire.server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return team
}
