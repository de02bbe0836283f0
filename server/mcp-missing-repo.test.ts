import { rmSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { json } from '#shared/testing/test-app.ts'
import { type Era, mcpWorldPerTest, WIKI } from './testing/mcp.ts'

const w = mcpWorldPerTest()
const space = 'acme/wiki'
const UNAVAILABLE = /^unavailable: The space’s repository folder is missing on the server/

/** Removes the wiki's repository folder, as an operator's mistake or a lost disk would while the server runs. */
async function removeWikiFolder(): Promise<void> {
  rmSync(`${w.t.dir}/repos/${await w.t.idOf('space', 'wiki')}.git`, { recursive: true })
}

describe.each<Era>(['legacy', 'modern'])(
  'a space whose repository folder goes away while the server runs, %s era',
  (era) => {
    it('answers unavailable to MCP writes, as the REST API answers 503, and logs no crash', async () => {
      const client = await w.connect(w.tokens.contributor, era)
      const read = await w.call(client, 'read_page', { space, path: 'guides/setup.md' })
      await removeWikiFolder()

      const written = await w.call(client, 'write_page', {
        space,
        path: 'guides/setup.md',
        content: '# Setup\n\nChanged.\n',
        base_sha: read.structured.sha,
      })
      expect(written.isError).toBe(true)
      expect(written.text).toMatch(UNAVAILABLE)
      expect(written.structured).toEqual({ error: 'unavailable', message: expect.any(String) })
      const created = await w.call(client, 'write_page', { space, path: 'new.md', content: '# New\n' })
      expect(created).toMatchObject({ isError: true, structured: { error: 'unavailable' } })
      expect(created.text).toMatch(UNAVAILABLE)

      const rest = await w.t.call('PUT', `${WIKI}/files/new.md`, {
        token: w.tokens.contributor,
        body: { content: '# New\n' },
      })
      expect(rest.status).toBe(503)
      expect(rest.headers.get('retry-after')).toBe('30')
      const body = await json<{ error: string; message: string }>(rest)
      expect(body).toEqual({ error: 'unavailable', message: written.structured.message })
      expect(w.errors).toEqual([])
    })

    it('says so in French to a French caller', async () => {
      const client = await w.connect(w.tokens.contributor, era, { 'accept-language': 'fr' })
      await removeWikiFolder()
      const dropped = await w.call(client, 'drop_note', { space, content: 'Une note.' })
      expect(dropped).toMatchObject({ isError: true, structured: { error: 'unavailable' } })
      expect(dropped.text).toMatch(/^unavailable: Le dossier du dépôt de l’espace est introuvable/)
    })
  },
)
