import { describe, expect, it } from 'vitest'
import { addedText } from '../../domain/added-lines.ts'
import type { SecretFinding } from '../../ports/secret-detector.ts'
import { githubToken, password, pemHeader } from '../../testing/fixtures/secrets.ts'
import { createSecretDetector } from './secretlint-detector.ts'

const detector = createSecretDetector()

/** What a write of a page checks: the added lines only, reported at the page's own line numbers. */
async function scanEdit(before: string | undefined, after: string): Promise<SecretFinding[]> {
  const added = addedText(before, after)
  const findings = await detector.scan(added.text)
  return findings.map((f) => ({ ...f, line: added.lineMap[f.line - 1]! }))
}

const page = [
  '# Staging database', //  1
  '', //  2
  'Old credentials, kept for the migration:', //  3
  '', //  4
  `password = ${password}`, //  5
  '', //  6
  'Ask the platform team before changing anything.', //  7
  '',
].join('\n')

describe('scanning the added lines of an edit', () => {
  it('finds the existing secret when the page is new', async () => {
    expect(await scanEdit(undefined, page)).toEqual([
      { rule: '@quire/generic-assignment', line: 5, message: expect.any(String) },
    ])
  })

  it('lets a page that already holds a flagged line be edited elsewhere', async () => {
    const edited = page
      .replace('Ask the platform team', 'Ask the data team')
      .replace('# Staging', '# Staging (EU)')
    expect(await scanEdit(page, edited)).toEqual([])
  })

  it('lets the flagged line move around with its neighbours unchanged', async () => {
    const edited = page.replace('# Staging database\n', '# Staging database\n\nA new intro paragraph.\n')
    expect(await scanEdit(page, edited)).toEqual([])
  })

  it('finds a newly added secret at its line in the page', async () => {
    const lines = page.split('\n')
    lines.splice(7, 0, '', `Deploy bot: ${githubToken}`)
    expect(await scanEdit(page, lines.join('\n'))).toEqual([
      { rule: '@secretlint/secretlint-rule-github', line: 9, message: expect.any(String) },
    ])
  })

  it('finds a private key header added to a page with CRLF line breaks', async () => {
    const crlf = page.replaceAll('\n', '\r\n')
    const edited = crlf.replace('Old credentials', `${pemHeader('OPENSSH PRIVATE KEY')}\r\nOld credentials`)
    expect(await scanEdit(crlf, edited)).toEqual([
      {
        rule: '@quire/private-key-block',
        line: 3,
        message: 'found a private key block (OPENSSH PRIVATE KEY)',
      },
    ])
  })
})
