import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { githubToken } from '#shared/testing/fixtures/secrets.ts'
import { type Era, mcpWorldPerTest, WIKI } from './testing/mcp.ts'

const w = mcpWorldPerTest()
const space = 'acme/wiki'

/** The newest commit of the wiki's repository, with its whole message. */
async function lastCommit(): Promise<string> {
  const dir = `${w.t.dir}/repos/${await w.t.idOf('space', 'wiki')}.git`
  return (await promisify(execFile)('git', ['--git-dir', dir, 'log', '-1', '--format=%H %B'])).stdout
}

describe.each<Era>(['legacy', 'modern'])('secrets in what a commit records, over MCP, %s era', (era) => {
  it('refuses write_page to a path holding a secret: nothing committed, no default message repeating it', async () => {
    const client = await w.connect(w.tokens.contributor, era)
    const before = await lastCommit()
    const refused = await w.call(client, 'write_page', {
      space,
      path: `keys/${githubToken}.md`,
      content: '# Keys\n',
    })
    expect(refused).toMatchObject({ isError: true, structured: { error: 'secret_detected', field: 'path' } })
    expect(refused.text).toMatch(/^secret_detected: The path seems to contain a secret/)
    expect(await lastCommit()).toBe(before)
    const allowed = await w.call(client, 'write_page', {
      space,
      path: `keys/${githubToken}.md`,
      content: '# Keys\n',
      allow_secrets: true,
    })
    expect(allowed.isError).toBe(false)
  })

  it('refuses verify_page with an owner holding a secret, and leaves the page as it was', async () => {
    const client = await w.connect(w.tokens.contributor, era)
    const before = await lastCommit()
    const refused = await w.call(client, 'verify_page', {
      space,
      path: 'guides/setup.md',
      owner: githubToken,
    })
    expect(refused).toMatchObject({ isError: true, structured: { error: 'secret_detected', field: 'owner' } })
    expect(await lastCommit()).toBe(before)
    const page = await w.rest<{ text: string }>('GET', `${WIKI}/files/guides/setup.md`, w.tokens.reader)
    expect(page.text).not.toContain(githubToken)
    const verified = await w.call(client, 'verify_page', { space, path: 'guides/setup.md', owner: 'walt' })
    expect(verified.isError).toBe(false)
  })

  it('refuses a write through a token whose name, kept in the Via trailer, holds a secret', async () => {
    const token = await w.token(w.tokens.contributor, { name: `assistant ${githubToken}` })
    const client = await w.connect(token, era)
    const before = await lastCommit()
    const refused = await w.call(client, 'write_page', { space, path: 'notes.md', content: '# Notes\n' })
    expect(refused).toMatchObject({
      isError: true,
      structured: { error: 'secret_detected', field: 'author' },
    })
    expect(await lastCommit()).toBe(before)
  })
})
