import { describe, expect, it } from 'vitest'
import { password } from '#shared/testing/fixtures/secrets.ts'
import { json } from '#shared/testing/test-app.ts'
import { type Era, mcpWorldPerTest, OPS, WIKI } from './testing/mcp.ts'

const w = mcpWorldPerTest()

type Item = { name: string; title: string; source: string; via: string; hint: string; type: string }

describe.each<Era>(['legacy', 'modern'])('drop_note, %s era', (era) => {
  it('drops a note that the inbox shows as coming from MCP, through the token named', async () => {
    const token = await w.token(w.tokens.contributor, { name: 'Claude desktop' })
    const client = await w.connect(token, era)
    const dropped = await w.call(client, 'drop_note', {
      space: 'acme/wiki',
      title: 'Toolchain upgrade',
      content: 'The toolchain moves to make 4.4 next week.',
      hint: 'guides/setup.md',
      origin: 'https://lists.example.com/toolchain/2026-11',
    })
    expect(dropped).toMatchObject({
      isError: false,
      structured: {
        title: 'Toolchain upgrade',
        source: 'mcp',
        via: 'MCP · Claude desktop',
        hint: 'guides/setup.md',
        origin: 'https://lists.example.com/toolchain/2026-11',
      },
    })
    expect(dropped.text).toContain('Toolchain upgrade')
    const listed = await w.call(client, 'list_inbox', { space: 'acme/wiki', kind: 'note' })
    expect(listed.structured).toEqual({ items: [dropped.structured], total: 1 })
    const rest = await w.rest<Item>('GET', `${WIKI}/inbox/${dropped.structured.name}`, w.tokens.reader)
    expect(rest).toMatchObject({ source: 'mcp', via: 'MCP · Claude desktop', type: 'note' })
    const pending = await w.call(client, 'search_pending', { q: 'make toolchain' })
    expect(pending.structured).toMatchObject({
      notes: [{ space: 'acme/wiki', name: dropped.structured.name, title: 'Toolchain upgrade' }],
    })
    const search = await w.call(client, 'search', { q: 'toolchain', mode: 'text' })
    expect(search.structured.pending_count).toBe(1)
    // A query with no word to look for finds no note, rather than every one.
    expect((await w.call(client, 'search_pending', { q: 'x' })).structured).toEqual({ notes: [] })
    expect((await w.call(client, 'search', { q: 'x', mode: 'text' })).structured.pending_count).toBe(0)
  })

  it('refuses a note holding a secret, and takes it with allow_secrets', async () => {
    const client = await w.connect(w.tokens.contributor, era)
    const content = `The staging database password = ${password}`
    const refused = await w.call(client, 'drop_note', { space: 'acme/wiki', content })
    expect(refused).toMatchObject({ isError: true, structured: { error: 'secret_detected' } })
    expect(refused.text).toMatch(/^secret_detected: /)
    // Found in where the information comes from: named as this tool names it.
    const inOrigin = await w.call(client, 'drop_note', { space: 'acme/wiki', content: 'x', origin: content })
    expect(inOrigin.text).toContain('The note’s origin seems to contain a secret')
    expect((await w.call(client, 'list_inbox', { space: 'acme/wiki', kind: 'note' })).structured.total).toBe(
      0,
    )
    const allowed = await w.call(client, 'drop_note', { space: 'acme/wiki', content, allow_secrets: true })
    expect(allowed.isError).toBe(false)
  })

  it('counts MCP drops toward the account’s 120 an hour, shared with REST', async () => {
    const account = await w.t.idOf('account', 'walt')
    for (let i = 0; i < 118; i++)
      await w.t.deps.store.rateLimits.record(`drop:${account}`, w.t.clock.now() - 1000)
    const client = await w.connect(w.tokens.contributor, era)
    const restDrop = () =>
      w.t.call('POST', `${OPS}/inbox`, { token: w.tokens.contributor, body: { content: 'By REST' } })
    expect((await restDrop()).status).toBe(201)
    const last = await w.call(client, 'drop_note', { space: 'acme/wiki', content: 'The 120th note' })
    expect(last.isError).toBe(false)
    const refused = await w.call(client, 'drop_note', { space: 'acme/ops', content: 'The 121st note' })
    expect(refused).toMatchObject({ isError: true, structured: { error: 'too_many_requests' } })
    expect(refused.text).toMatch(/^too_many_requests: .*120.*\d+ seconds/)
    const viaRest = await restDrop()
    expect(viaRest.status).toBe(429)
    expect((await json(viaRest)).error).toBe('too_many_requests')
    w.t.clock.advance(60 * 60_000)
    expect(
      (await w.call(client, 'drop_note', { space: 'acme/wiki', content: 'An hour later' })).isError,
    ).toBe(false)
  })

  it('lists inbox items by kind: notes, and the pages changed directly', async () => {
    const client = await w.connect(w.tokens.contributor, era)
    await w.call(client, 'drop_note', { space: 'acme/wiki', content: 'A loose fact.' })
    const notes = await w.call(client, 'list_inbox', { space: 'acme/wiki', kind: 'note' })
    expect((notes.structured.items as Item[]).map((i) => i.type)).toEqual(['note'])
    const all = await w.call(client, 'list_inbox', { space: 'acme/wiki' })
    const rest = await w.t.call('GET', `${WIKI}/inbox`, { token: w.tokens.reader })
    expect(all.structured.total).toBe(Number(rest.headers.get('x-total-count')))
    expect(all.text).toMatch(new RegExp(`^${all.structured.total} item\\(s\\)`))
  })
})
