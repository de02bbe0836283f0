import { performance } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import {
  apiKey,
  aws,
  basicAuthUrl,
  githubToken,
  openAiKey,
  password,
  pemHeader,
  pemKey,
  personalToken,
  slack,
} from '../../testing/fixtures/secrets.ts'
import { createSecretDetector } from './secretlint-detector.ts'

const detector = createSecretDetector()

describe('createSecretDetector: the recommended preset', () => {
  it.each([
    [
      'an AWS access key id',
      `aws_access_key_id = ${aws.accessKeyId}`,
      '@secretlint/secretlint-rule-aws',
      aws.accessKeyId,
    ],
    [
      'an AWS secret access key',
      `aws_secret_access_key = ${aws.secretAccessKey}`,
      '@secretlint/secretlint-rule-aws',
      aws.secretAccessKey,
    ],
    [
      'a GitHub token',
      `export GITHUB_TOKEN=${githubToken}`,
      '@secretlint/secretlint-rule-github',
      githubToken,
    ],
    ['a Slack token', `Bot token: ${slack.token}`, '@secretlint/secretlint-rule-slack', slack.token],
    ['a Slack webhook', `Alerts go to ${slack.webhook}`, '@secretlint/secretlint-rule-slack', slack.webhook],
    ['an OpenAI key', `OPENAI_API_KEY=${openAiKey}`, '@secretlint/secretlint-rule-openai', openAiKey],
    ['a basic-auth URL', `git clone ${basicAuthUrl}`, '@secretlint/secretlint-rule-basicauth', basicAuthUrl],
    ['a whole private key', pemKey(), '@secretlint/secretlint-rule-privatekey', pemKey().split('\n')[1]!],
  ])('finds %s, without repeating it in the message', async (_name, text, rule, secret) => {
    const findings = await detector.scan(`Some notes.\n\n${text}\n`)
    expect(findings).toEqual([{ rule, line: 3, message: expect.any(String) }])
    expect(findings[0]!.message).not.toContain(secret)
    expect(findings[0]!.message).not.toContain(secret.slice(0, 12))
  })

  it('reports an AWS key pair as two findings, one per line', async () => {
    const text = `[default]\naws_access_key_id = ${aws.accessKeyId}\naws_secret_access_key = ${aws.secretAccessKey}\n`
    expect(await detector.scan(text)).toEqual([
      { rule: '@secretlint/secretlint-rule-aws', line: 2, message: 'found AWS Access Key ID' },
      { rule: '@secretlint/secretlint-rule-aws', line: 3, message: 'found AWS Secret Access Key' },
    ])
  })

  it('leaves AWS account ids alone: they are not secret', async () => {
    expect(await detector.scan('account_id: 1234-5678-9012\n"Account": "123456789012"')).toEqual([])
  })

  it('ignores secretlint-disable comments: the API has its own override', async () => {
    const text = `<!-- secretlint-disable -->\nexport GITHUB_TOKEN=${githubToken}\n`
    expect(await detector.scan(text)).toEqual([
      { rule: '@secretlint/secretlint-rule-github', line: 2, message: expect.any(String) },
    ])
  })
})

describe('createSecretDetector: private key blocks', () => {
  it.each([
    'RSA PRIVATE KEY',
    'EC PRIVATE KEY',
    'DSA PRIVATE KEY',
    'OPENSSH PRIVATE KEY',
    'ENCRYPTED PRIVATE KEY',
    'PRIVATE KEY',
    'PGP PRIVATE KEY BLOCK',
  ])('finds a %s header even without the rest of the block', async (kind) => {
    const text = `Key for the staging box:\n\n    ${pemHeader(kind)}\n    (rest elided)\n`
    expect(await detector.scan(text)).toEqual([
      { rule: '@quire/private-key-block', line: 3, message: `found a private key block (${kind})` },
    ])
  })

  it('reports a whole key once, under the preset rule', async () => {
    const findings = await detector.scan(`# Deploy key\n\n${pemKey('OPENSSH PRIVATE KEY')}\n`)
    expect(findings).toEqual([
      { rule: '@secretlint/secretlint-rule-privatekey', line: 3, message: 'found private key' },
    ])
  })

  it('does not flag public keys or certificates', async () => {
    const text = ['-----', 'BEGIN PUBLIC KEY-----\n', '-----', 'BEGIN CERTIFICATE-----\n'].join('')
    expect(await detector.scan(text)).toEqual([])
  })
})

describe('createSecretDetector: lines and text forms', () => {
  const page = [
    '# Runbook', //  1
    '', //  2
    'Connect with the service account.', //  3
    '', //  4
    '```ini', //  5
    `password = ${password}`, //  6
    '```', //  7
    '', //  8
    `Then call the API with ${githubToken} as bearer.`, //  9
    '', // 10
    pemHeader('EC PRIVATE KEY'), // 11
  ]
  const expected = [
    { rule: '@quire/generic-assignment', line: 6, message: 'found a literal value assigned to "password"' },
    { rule: '@secretlint/secretlint-rule-github', line: 9, message: expect.any(String) },
    { rule: '@quire/private-key-block', line: 11, message: 'found a private key block (EC PRIVATE KEY)' },
  ]

  it('reports each finding at its 1-based line', async () => {
    expect(await detector.scan(page.join('\n'))).toEqual(expected)
  })

  it('counts lines the same with CRLF line breaks, a BOM or a final newline', async () => {
    expect(await detector.scan(page.join('\r\n'))).toEqual(expected)
    expect(await detector.scan(`\uFEFF${page.join('\n')}\n`)).toEqual(expected)
  })

  it('reports one finding per rule and line', async () => {
    const text = `password=${password} db_password=${password}\n`
    expect(await detector.scan(text)).toEqual([
      { rule: '@quire/generic-assignment', line: 1, message: 'found a literal value assigned to "password"' },
    ])
  })

  it('finds nothing in ordinary prose and empty texts', async () => {
    expect(await detector.scan('')).toEqual([])
    expect(await detector.scan('\n\n  \n')).toEqual([])
    const prose = [
      '# Onboarding',
      '',
      'Reset your password in the settings page, then ask for an API key.',
      'The API key is stored in the vault; tokens expire after 30 days.',
      '',
      '## Password policy',
      '',
      '- Minimum length: 12',
      '- Rotation: every 90 days',
    ].join('\n')
    expect(await detector.scan(prose)).toEqual([])
  })

  it('gives the same answers to concurrent scans, the rules being shared', async () => {
    const texts = [page.join('\n'), 'nothing here', `api_key=${apiKey}`, page.join('\r\n')]
    const one = await Promise.all(texts.map((t) => detector.scan(t)))
    const each: unknown[] = []
    for (const t of texts) each.push(await detector.scan(t))
    expect(one).toEqual(each)
    expect(one[2]).toHaveLength(1)
  })

  it('leaves no profiler marks behind, scan after scan', async () => {
    const before = performance.getEntriesByType('mark').length
    for (let i = 0; i < 20; i++) await detector.scan(page.join('\n'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(performance.getEntriesByType('mark').length).toBe(before)
  })

  it('scans a page of a few thousand lines', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `Line ${i}: notes about the deployment, step ${i}.`)
    lines[1234] = `DB_PASSWORD=${password}`
    expect(await detector.scan(lines.join('\n'))).toEqual([
      {
        rule: '@quire/generic-assignment',
        line: 1235,
        message: 'found a literal value assigned to "DB_PASSWORD"',
      },
    ])
  })
})

describe('createSecretDetector: invisible characters', () => {
  const zwsp = '\u200b'

  it.each([
    ['a zero-width space for the space', pemHeader(`RSA PRIVATE${zwsp}KEY`), '@quire/private-key-block'],
    ['a zero-width joiner inside a word', pemHeader('RSA PRI\u200dVATE KEY'), '@quire/private-key-block'],
    ['a soft hyphen', pemHeader('OPENSSH PRIVATE\u00adKEY'), '@quire/private-key-block'],
    ['a no-break space', pemHeader('EC PRIVATE\u00a0KEY'), '@quire/private-key-block'],
    ['a word joiner inside a password', `pass\u2060word = ${password}`, '@quire/generic-assignment'],
    ['a BOM inside a token', `gh\ufeff${githubToken.slice(2)}`, '@secretlint/secretlint-rule-github'],
    [
      'a zero-width non-joiner inside a token',
      `${personalToken.slice(0, 9)}\u200c${personalToken.slice(9)}`,
      '@quire/personal-token',
    ],
  ])('sees a secret hidden with %s', async (_name, line, rule) => {
    expect(await detector.scan(`Notes\n\n${line}\n`)).toEqual([
      { rule, line: 3, message: expect.any(String) },
    ])
  })

  it('keeps line numbers when invisible characters are dropped', async () => {
    const text = `a${zwsp}\n${zwsp}${zwsp}\n\u00ad\n${pemHeader(`RSA${zwsp} PRIVATE KEY`)}\n`
    expect(await detector.scan(text)).toEqual([
      { rule: '@quire/private-key-block', line: 4, message: 'found a private key block (RSA PRIVATE KEY)' },
    ])
  })

  it('still finds nothing in prose written with invisible characters', async () => {
    expect(await detector.scan(`Reset your pass${zwsp}word in the settings page.\u00ad\n`)).toEqual([])
  })
})
