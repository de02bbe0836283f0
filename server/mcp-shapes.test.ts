import { describe, expect, it } from 'vitest'
import { json } from '#shared/testing/test-app.ts'
import { type Era, mcpWorldPerTest, OPS, WIKI } from './testing/mcp.ts'

const w = mcpWorldPerTest()

/** A REST GET as the same account, with the headers it answers with. */
const get = async (path: string, token: string, headers: Record<string, string> = {}) => {
  const response = await w.t.call('GET', path, { token, headers })
  expect(response.status, path).toBe(200)
  return { body: await json<unknown>(response), headers: response.headers }
}

/** Pages that link to and resemble each other, and a note waiting in the inbox. */
async function morePages() {
  const walt = w.tokens.contributor
  await w.rest('PUT', `${WIKI}/files/guides/build.md`, walt, {
    content: '# Build\n\nBuild the toolchain after [setup](setup.md) with make bootstrap and make all.\n',
  })
  await w.rest('PUT', `${WIKI}/files/guides/release.md`, walt, {
    content:
      '# Release\n\nRelease once the [build](build.md) of the toolchain passes. See [missing](gone.md).\n',
  })
  await w.rest('POST', `${WIKI}/inbox`, walt, {
    title: 'Toolchain upgrade',
    content: 'The toolchain moves to make 4.4 next week.',
    hint: 'guides/setup.md',
  })
  // Searches answer from the index, which the writes fill in the background.
  await w.t.deps.indexQueue.idle()
}

describe.each<Era>(['legacy', 'modern'])('structured results match the REST answers, %s era', (era) => {
  it('list_spaces, list_pages, read_page and page_history', async () => {
    await morePages()
    const token = w.tokens.reader
    const client = await w.connect(token, era)
    expect((await w.call(client, 'list_spaces')).structured).toEqual({
      spaces: (await get('/spaces', token)).body,
    })
    expect((await w.call(client, 'list_pages', { space: 'acme/wiki' })).structured).toEqual({
      pages: (await get(`${WIKI}/tree`, token)).body,
      total: 3,
    })
    const tree = (await get(`${WIKI}/tree`, token)).body as { path: string }[]
    expect(
      (await w.call(client, 'list_pages', { space: 'acme/wiki', folder: '/guides/' })).structured,
    ).toEqual({
      pages: tree.filter((f) => f.path.startsWith('guides/')),
      total: tree.filter((f) => f.path.startsWith('guides/')).length,
    })
    const read = await w.call(client, 'read_page', { space: 'acme/wiki', path: 'guides/build.md' })
    const file = (await get(`${WIKI}/files/guides/build.md`, token)).body as { sha: string; text: string }
    expect(read.structured).toEqual(file)
    expect(read.text).toContain(`sha: ${file.sha}`)
    expect(read.text).toContain(file.text)
    expect(
      (await w.call(client, 'page_history', { space: 'acme/wiki', path: 'guides/setup.md' })).structured,
    ).toEqual({ commits: (await get(`${WIKI}/history/guides/setup.md`, token)).body })
  })

  it('search, search_pending, related_pages, health and list_inbox', async () => {
    await morePages()
    const token = w.tokens.reader
    const client = await w.connect(token, era)
    const rest = await get('/search?q=toolchain&mode=text&limit=2', token)
    const found = await w.call(client, 'search', { q: 'toolchain', mode: 'text', limit: 2 })
    expect(found.structured).toEqual({
      results: rest.body,
      pending_count: Number(rest.headers.get('x-pending-count')),
    })
    expect(found.structured.pending_count).toBe(1)
    expect(found.text).toContain('search_pending')
    const regex = await get(
      `/search?q=${encodeURIComponent('make (all|4)')}&regex=true&spaces=acme/wiki`,
      token,
    )
    expect(
      (await w.call(client, 'search', { q: 'make (all|4)', regex: true, spaces: ['acme/wiki'] })).structured
        .results,
    ).toEqual(regex.body)
    expect((await w.call(client, 'search_pending', { q: 'toolchain upgrade' })).structured).toEqual({
      notes: (await get('/search/pending?q=toolchain+upgrade', token)).body,
    })
    const related = await w.call(client, 'related_pages', { space: 'acme/wiki', path: 'guides/build.md' })
    const restRelated = (await get(`${WIKI}/files/guides/build.md/related`, token)).body as unknown[]
    expect(restRelated.length).toBeGreaterThan(0)
    expect(related.structured).toEqual({ related: restRelated })
    const health = await w.call(client, 'health', { space: 'acme/wiki' })
    expect(health.structured).toEqual((await get(`${WIKI}/health`, token)).body)
    expect(health.text).toContain('- in guides/release.md: gone.md')
    for (const kind of [undefined, 'note', 'change'] as const) {
      const restInbox = await get(`${WIKI}/inbox${kind ? `?kind=${kind}` : ''}`, token)
      const inbox = await w.call(client, 'list_inbox', { space: 'acme/wiki', ...(kind ? { kind } : {}) })
      expect(inbox.structured, kind).toEqual({
        items: restInbox.body,
        total: Number(restInbox.headers.get('x-total-count')),
      })
    }
  })

  it('related_pages speaks the account’s language, as the REST API does', async () => {
    await morePages()
    await w.rest('PATCH', '/users/rita', w.tokens.reader, { locale: 'fr' })
    const client = await w.connect(w.tokens.reader, era)
    const related = await w.call(client, 'related_pages', { space: 'acme/wiki', path: 'guides/build.md' })
    expect(related.structured).toEqual({
      related: (await get(`${WIKI}/files/guides/build.md/related`, w.tokens.reader)).body,
    })
  })

  it('the write tools answer what the REST writes answer', async () => {
    const walt = w.tokens.contributor
    const client = await w.connect(walt, era)
    const keys = (o: unknown) => Object.keys(o as object).sort()
    const put = await json(
      await w.t.call('PUT', `${OPS}/files/rest.md`, { token: walt, body: { content: '# REST\n' } }),
    )
    const written = await w.call(client, 'write_page', {
      space: 'acme/wiki',
      path: 'mcp.md',
      content: '# MCP\n',
    })
    expect(written.structured).toMatchObject({ path: 'mcp.md', created: true })
    expect(keys(written.structured)).toEqual(keys({ ...put, created: true }))
    const moved = await w.call(client, 'move_page', { space: 'acme/wiki', from: 'mcp.md', to: 'moved.md' })
    const restMove = await json(
      await w.t.call('POST', `${OPS}/move`, { token: walt, body: { from: 'rest.md', to: 'moved.md' } }),
    )
    expect(keys(moved.structured)).toEqual(keys(restMove))
    const verified = await w.call(client, 'verify_page', { space: 'acme/wiki', path: 'moved.md' })
    const restVerify = await json(await w.t.call('POST', `${OPS}/verify/moved.md`, { token: walt, body: {} }))
    expect(keys(verified.structured)).toEqual(keys(restVerify))
    expect(verified.structured).toMatchObject({ path: 'moved.md', freshness: { state: 'verified' } })
    const dropped = await w.call(client, 'drop_note', { space: 'acme/wiki', content: 'A loose fact.' })
    const restDrop = await json(
      await w.t.call('POST', `${OPS}/inbox`, { token: walt, body: { content: 'Another loose fact.' } }),
    )
    expect(keys(dropped.structured)).toEqual(keys(restDrop))
    const listed = (await get(`${WIKI}/inbox?kind=note`, walt)).body as { name: string }[]
    expect(listed).toContainEqual(dropped.structured)
  })
})
