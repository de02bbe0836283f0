import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

const git = async (cwd: string, ...args: string[]) =>
  (await promisify(execFile)('git', args, { cwd })).stdout.trim()

type Space = {
  organization: string
  slug: string
  name: string
  description: string
  repo_url: string
  branch: string
  role: string
  review_every?: string
}

let t: TestApp
let root: string
let admin: string
let writer: string
let reader: string
let member: string
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    members: ['mel'],
    spaces: { wiki: { description: 'Team wiki', members: { walt: 'contributor', rita: 'reader' } } },
  })
  root = world.token('root')
  admin = world.token('ada')
  writer = world.token('walt')
  reader = world.token('rita')
  member = world.token('mel')
})
afterEach(() => t.close())

const spaceId = () => t.idOf('space', 'wiki')

describe('creating a space', () => {
  it('prepares a repository kept by the service, with content/ and an initial commit by the creator', async () => {
    const dir = join(t.dir, 'repos', `${await spaceId()}.git`)
    expect(await git(dir, 'ls-tree', '-r', '--name-only', 'HEAD')).toBe('content/.gitkeep')
    expect(await git(dir, 'log', '--format=%an <%ae>|%s')).toBe('Ada <ada@example.com>|Create space Wiki')
    const body = await git(dir, 'log', '-1', '--format=%B')
    expect(body).toContain('Source: api')
    expect(body).toContain('Via: API · test')
    expect(await git(dir, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main')
    expect(await git(dir, 'rev-parse', '--is-bare-repository')).toBe('true')
  })

  it('answers 201 with the space; with a remote the clone points at it and waits for the first sync', async () => {
    const response = await t.call('POST', '/organizations/acme/spaces', {
      token: admin,
      body: {
        slug: 'docs',
        name: 'Docs',
        // Its scheme in capitals is the same address, kept as Git's transports know it.
        repo_url: 'HTTPS://git.example.com/acme/docs.git',
        branch: 'trunk',
      },
    })
    expect(response.status).toBe(201)
    const space = await json<Space>(response)
    expect(space).toEqual({
      organization: 'acme',
      slug: 'docs',
      name: 'Docs',
      description: '',
      repo_url: 'https://git.example.com/acme/docs.git',
      branch: 'trunk',
      role: 'admin',
    })
    const id = await t.idOf('space', 'docs')
    const dir = join(t.dir, 'repos', `${id}.git`)
    expect(await git(dir, 'remote', 'get-url', 'origin')).toBe('https://git.example.com/acme/docs.git')
  })

  it('refuses local paths and other schemes as repo_url, bad branches, taken slugs, and non-admins', async () => {
    for (const repo_url of [
      '/srv/git/other.git',
      'file:///srv/git/other.git',
      '../other',
      'ftp://host/x.git',
    ]) {
      const response = await t.call('POST', '/organizations/acme/spaces', {
        token: admin,
        body: { slug: 'x', name: 'X', repo_url },
      })
      expect(response.status).toBe(400)
      expect((await json(response)).error).toBe('invalid')
    }
    const branch = await t.call('POST', '/organizations/acme/spaces', {
      token: admin,
      body: { slug: 'x', name: 'X', branch: 'a..b' },
    })
    expect(branch.status).toBe(400)
    expect(
      (
        await t.call('POST', '/organizations/acme/spaces', {
          token: admin,
          body: { slug: 'wiki', name: 'Again' },
        })
      ).status,
    ).toBe(409)
    expect(
      (await t.call('POST', '/organizations/acme/spaces', { token: member, body: { slug: 'x', name: 'X' } }))
        .status,
    ).toBe(403)
    expect(
      (await t.call('POST', '/organizations/acme/spaces', { token: writer, body: { slug: 'x', name: 'X' } }))
        .status,
    ).toBe(403)
    const spaces = await json<Space[]>(await t.call('GET', '/organizations/acme/spaces', { token: admin }))
    expect(spaces.map((s) => s.slug)).toEqual(['wiki'])
  })
})

describe('reading spaces', () => {
  it('shows each caller the spaces it can read, with its role', async () => {
    await t.call('POST', '/organizations/acme/spaces', {
      token: admin,
      body: { slug: 'board', name: 'Board' },
    })
    const roles = async (token: string) =>
      (await json<Space[]>(await t.call('GET', '/organizations/acme/spaces', { token }))).map(
        (s) => `${s.slug}:${s.role}`,
      )
    expect(await roles(admin)).toEqual(['board:admin', 'wiki:admin'])
    expect(await roles(writer)).toEqual(['wiki:contributor'])
    expect(await roles(reader)).toEqual(['wiki:reader'])
    expect(await roles(member)).toEqual([])
    expect(await roles(root)).toEqual(['board:admin', 'wiki:admin'])
    const everywhere = await json<Space[]>(await t.call('GET', '/spaces', { token: writer }))
    expect(everywhere.map((s) => `${s.organization}/${s.slug}`)).toEqual(['acme/wiki'])
  })

  it('gives details with review_every to readers; 404 for anyone who cannot read it', async () => {
    const details = await json<Space>(
      await t.call('GET', '/organizations/acme/spaces/wiki', { token: reader }),
    )
    expect(details).toMatchObject({
      slug: 'wiki',
      description: 'Team wiki',
      role: 'reader',
      review_every: '',
    })
    expect((await t.call('GET', '/organizations/acme/spaces/wiki', { token: member })).status).toBe(404)
    const stranger = await t.user('sam')
    expect((await t.call('GET', '/organizations/acme/spaces/wiki', { token: stranger })).status).toBe(404)
    expect((await t.call('GET', '/organizations/acme/spaces/wiki/members', { token: stranger })).status).toBe(
      404,
    )
    expect((await t.call('GET', '/organizations/acme/spaces', { token: stranger })).status).toBe(404)
  })
})

describe('changing a space', () => {
  it('accepts the readable review intervals and refuses others with 400 invalid', async () => {
    for (const [given, stored] of [
      ['90d', '90d'],
      ['6M', '6m'],
      ['1y', '1y'],
      ['never', 'never'],
      ['', ''],
    ]) {
      const response = await t.call('PATCH', '/organizations/acme/spaces/wiki', {
        token: admin,
        body: { review_every: given },
      })
      expect(response.status).toBe(200)
      expect((await json<Space>(response)).review_every).toBe(stored)
    }
    for (const review_every of ['soon', '90', 'd90', '1.5y', '0d']) {
      const response = await t.call('PATCH', '/organizations/acme/spaces/wiki', {
        token: admin,
        body: { review_every },
      })
      expect(response.status).toBe(400)
      expect((await json(response)).error).toBe('invalid')
    }
  })

  it('lets only admins change it: contributors and readers get 403', async () => {
    for (const token of [writer, reader]) {
      expect(
        (await t.call('PATCH', '/organizations/acme/spaces/wiki', { token, body: { name: 'Mine' } })).status,
      ).toBe(403)
    }
    const response = await t.call('PATCH', '/organizations/acme/spaces/wiki', {
      token: admin,
      body: { name: 'Handbook', description: '' },
    })
    expect(await json(response)).toMatchObject({ name: 'Handbook', description: '', slug: 'wiki' })
  })

  it('points the clone at a new remote when repo_url changes', async () => {
    const dir = join(t.dir, 'repos', `${await spaceId()}.git`)
    await t.call('PATCH', '/organizations/acme/spaces/wiki', {
      token: admin,
      body: { repo_url: 'git@git.example.com:acme/wiki.git' },
    })
    expect(await git(dir, 'remote', 'get-url', 'origin')).toBe('git@git.example.com:acme/wiki.git')
    await t.call('PATCH', '/organizations/acme/spaces/wiki', { token: admin, body: { repo_url: '' } })
    expect(await git(dir, 'remote')).toBe('')
  })
})

describe('deleting a space', () => {
  it('removes the space and the service’s copy (204), never touching the remote', async () => {
    const dir = join(t.dir, 'repos', `${await spaceId()}.git`)
    expect((await t.call('DELETE', '/organizations/acme/spaces/wiki', { token: writer })).status).toBe(403)
    expect((await t.call('DELETE', '/organizations/acme/spaces/wiki', { token: admin })).status).toBe(204)
    expect(existsSync(dir)).toBe(false)
    expect((await t.call('GET', '/organizations/acme/spaces/wiki', { token: admin })).status).toBe(404)
    expect(await json(await t.call('GET', '/spaces', { token: writer }))).toEqual([])
  })
})

describe('space members', () => {
  it('lists members for readers and lets admins add, change and remove them', async () => {
    const members = await json(
      await t.call('GET', '/organizations/acme/spaces/wiki/members', { token: reader }),
    )
    expect(members).toEqual([
      { username: 'rita', display_name: 'Rita', role: 'reader' },
      { username: 'walt', display_name: 'Walt', role: 'contributor' },
    ])
    const changed = await t.call('PUT', '/organizations/acme/spaces/wiki/members/rita', {
      token: admin,
      body: { role: 'contributor' },
    })
    expect(await json(changed)).toEqual({ username: 'rita', display_name: 'Rita', role: 'contributor' })
    expect(
      (await t.call('DELETE', '/organizations/acme/spaces/wiki/members/rita', { token: admin })).status,
    ).toBe(204)
    expect((await t.call('GET', '/organizations/acme/spaces/wiki', { token: reader })).status).toBe(404)
  })

  it('someone outside the organization joins it as a member when added to a space', async () => {
    const sam = await t.user('sam')
    await t.call('PUT', '/organizations/acme/spaces/wiki/members/sam', {
      token: admin,
      body: { role: 'reader' },
    })
    expect(await json(await t.call('GET', '/organizations/acme', { token: sam }))).toMatchObject({
      role: 'member',
    })
  })

  it('refuses contributors (403), unknown accounts (404) and the admin role for a member (422)', async () => {
    expect(
      (
        await t.call('PUT', '/organizations/acme/spaces/wiki/members/mel', {
          token: writer,
          body: { role: 'reader' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await t.call('PUT', '/organizations/acme/spaces/wiki/members/ghost', {
          token: admin,
          body: { role: 'reader' },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await t.call('PUT', '/organizations/acme/spaces/wiki/members/mel', {
          token: admin,
          body: { role: 'admin' },
        })
      ).status,
    ).toBe(422)
  })
})
