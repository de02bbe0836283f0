import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SecretDetector, SecretFinding } from '../../ports/secret-detector.ts'
import { aws, githubToken, pemKey } from '../fixtures/secrets.ts'

/** A detector under test, and how to let go of it once the suite is over. */
export type SecretDetectorFixture = { detector: SecretDetector; close?: () => Promise<void> | void }

const lines = (findings: SecretFinding[]) => [...new Set(findings.map((f) => f.line))]

/**
 * The contract of the SecretDetector port: nothing found in harmless text; a private key, a cloud
 * key and a token found on the line where each starts (lines counted from 1, whatever the line
 * breaks), in line order; and no finding that repeats the secret it found.
 */
export function describeSecretDetectorContract(
  name: string,
  makeDetector: () => SecretDetectorFixture,
): void {
  describe(`${name}: secret detector`, () => {
    let fixture: SecretDetectorFixture
    beforeAll(() => {
      fixture = makeDetector()
    })
    afterAll(async () => {
      await fixture?.close?.()
    })
    const scan = (text: string) => fixture.detector.scan(text)

    it('finds nothing in an empty text or in harmless prose', async () => {
      expect(await scan('')).toEqual([])
      const prose = ['# Backups', '', 'The backup of the wiki runs at night.', 'Ask Dana for access.'].join(
        '\n',
      )
      expect(await scan(prose)).toEqual([])
    })

    it('finds a private key on the line where its block starts', async () => {
      const findings = await scan(
        ['# Deploy', '', 'Use this key:', pemKey(), '', 'Then run the script.'].join('\n'),
      )
      expect(lines(findings)).toEqual([4])
    })

    it('finds a cloud access key and a token, each on its line, in line order', async () => {
      const text = [
        '# Settings',
        `export GITHUB_TOKEN=${githubToken}`,
        'Nothing here.',
        `aws_access_key_id = ${aws.accessKeyId}`,
      ].join('\n')
      const findings = await scan(text)
      expect(lines(findings)).toEqual([2, 4])
      for (const finding of findings) expect(finding.rule).toMatch(/\S/)
    })

    it('counts lines the same whatever the line breaks', async () => {
      const secret = `export GITHUB_TOKEN=${githubToken}`
      expect(lines(await scan(['one', 'two', secret].join('\r\n')))).toEqual([3])
      expect(lines(await scan(['one', 'two', secret].join('\r')))).toEqual([3])
    })

    it('says what it found without repeating the secret', async () => {
      const findings = await scan(
        [`export GITHUB_TOKEN=${githubToken}`, `aws_access_key_id = ${aws.accessKeyId}`, pemKey()].join('\n'),
      )
      expect(findings.length).toBeGreaterThanOrEqual(3)
      for (const finding of findings) {
        expect(finding.message).toMatch(/\S/)
        expect(finding.message).not.toContain(githubToken)
        expect(finding.message).not.toContain(aws.accessKeyId)
        expect(finding.message).not.toContain('MIIEowIBAAKCAQEA')
      }
    })
  })
}
