import { describe, expect, it } from 'vitest'
import { personalToken, sessionCookie, webhookSecret } from '../../testing/fixtures/secrets.ts'
import { createSecretDetector } from './secretlint-detector.ts'

const detector = createSecretDetector()
const rules = async (text: string) => (await detector.scan(text)).map((f) => f.rule)

describe('@quire/personal-token', () => {
  it.each([
    personalToken,
    `Authorization: Bearer ${personalToken}`,
    `curl -H "Authorization: Bearer ${personalToken}" https://quire.example.org/api/v1/me`,
    `QUIRE_TOKEN=${personalToken}`,
    `The token is \`${personalToken}\`.`,
    `Cookie: quire_session=${sessionCookie}`,
    sessionCookie,
    `X-Forgec-Token: ${webhookSecret}`,
  ])('flags %s', async (line) => {
    expect(await rules(`Setup notes\n${line}\n`)).toEqual(['@quire/personal-token'])
  })

  it.each([
    'Personal tokens start with qpat_ and session cookies with qses_.',
    'Paste your qpat_… token in the settings.',
    'Authorization: Bearer qpat_<your token>',
    `Authorization: Bearer qpat_${'x'.repeat(43)}`,
    `The list shows ${personalToken.slice(0, 12)} to tell tokens apart.`,
    'qpat_not-a-real-token',
  ])('lets %s pass', async (line) => {
    expect(await rules(`Setup notes\n${line}\n`)).toEqual([])
  })

  it('names the kind of token, never the token', async () => {
    const [finding] = await detector.scan(`Bearer ${personalToken}`)
    expect(finding).toEqual({
      rule: '@quire/personal-token',
      line: 1,
      message: 'found a Quire personal access token',
    })
    const [cookie] = await detector.scan(`session: ${sessionCookie}`)
    expect(cookie?.message).toBe('found a Quire session cookie')
    const [webhook] = await detector.scan(`Webhook secret: ${webhookSecret}`)
    expect(webhook?.message).toBe('found a Quire webhook secret')
  })
})
