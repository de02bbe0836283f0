import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FILE_MAX_BYTES, INDEX_CHUNKS_MAX, INDEX_TEXT_MAX_CHARS } from '../domain/limits.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

const S = '/organizations/acme/spaces/ops'
let t: TestApp
let admin: string
beforeEach(async () => {
  t = await testApp()
  admin = (await seedWorld(t.deps, { admin: 'root', spaces: { ops: {} } })).token('root')
})
afterEach(() => t.close())

const found = async (q: string, regex = false) => {
  const response = await t.call('GET', `/search?q=${q}&mode=text${regex ? '&regex=true' : ''}`, {
    token: admin,
  })
  return (await json<{ path: string }[]>(response)).map((r) => r.path)
}

describe('large files', () => {
  it('stores and reads a file past the index cap in full, and indexes only its first part', async () => {
    const filler = 'Routine maintenance notes for the cluster.\n'.repeat(
      Math.ceil(INDEX_TEXT_MAX_CHARS / 43) + 10,
    )
    const content = `# Handbook\n\nThe quokka runbook starts here.\n\n${filler}\nThe zebracorn appendix ends it.\n`
    expect(content.length).toBeGreaterThan(INDEX_TEXT_MAX_CHARS)
    const put = await t.call('PUT', `${S}/files/handbook.md`, { token: admin, body: { content } })
    expect(put.status).toBe(201)
    await t.deps.indexQueue.idle()
    const read = await json<{ text: string }>(await t.call('GET', `${S}/files/handbook.md`, { token: admin }))
    expect(read.text).toBe(content)
    const raw = await t.call('GET', `${S}/raw/handbook.md`, { token: admin })
    expect(await raw.text()).toBe(content)
    expect(await found('quokka')).toEqual(['handbook.md'])
    expect(await found('zebracorn')).toEqual([])
    expect(await found('zebra.orn', true)).toEqual([])
    // Indexing a page of this size takes seconds of background work on a loaded machine.
  }, 60_000)

  it('embeds at most INDEX_CHUNKS_MAX chunks of one file for search by meaning', async () => {
    const sections = Array.from(
      { length: INDEX_CHUNKS_MAX + 30 },
      (_, i) => `## Step ${i}\n\nCheck gauge ${i} before opening valve ${i}.\n`,
    )
    await t.call('PUT', `${S}/files/steps.md`, {
      token: admin,
      body: { content: `# Steps\n\n${sections.join('\n')}` },
    })
    await t.call('PUT', `${S}/files/small.md`, { token: admin, body: { content: '# Small\n\nOne line.\n' } })
    await t.deps.indexQueue.idle()
    const on = await json<{ files: number; chunks: number; waiting: number }>(
      await t.call('PUT', `${S}/semantic`, { token: admin, body: { enabled: true } }),
    )
    expect(on).toEqual({ files: 2, chunks: INDEX_CHUNKS_MAX + 1, waiting: 0 })
  })

  it('refuses a file over the maximum size with 413 too_large, writing nothing', async () => {
    const response = await t.call('PUT', `${S}/files/huge.txt`, {
      token: admin,
      body: { content_base64: Buffer.alloc(FILE_MAX_BYTES + 1, 0x61).toString('base64') },
    })
    expect(response.status).toBe(413)
    // The file is too large, not the request (whose cap is higher, for base64).
    expect(await json(response)).toMatchObject({
      error: 'too_large',
      message: `The file is ${FILE_MAX_BYTES + 1} bytes, more than the ${FILE_MAX_BYTES} bytes a file of the space may have; nothing was written.`,
    })
    expect((await t.call('GET', `${S}/files/huge.txt`, { token: admin })).status).toBe(404)
  })
})
