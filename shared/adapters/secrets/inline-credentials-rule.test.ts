import { describe, expect, it } from 'vitest'
import { password } from '../../testing/fixtures/secrets.ts'
import { createSecretDetector } from './secretlint-detector.ts'

const detector = createSecretDetector()
const rules = async (text: string) => (await detector.scan(text)).map((f) => f.rule)
const word = password.replace(/\W/g, '')

describe('@quire/inline-credentials: curl -u and --user', () => {
  it.each([
    `curl -u admin:${password} https://api.example.org/v1/items`,
    `curl -u admin:${word} https://api.example.org/v1/items`,
    `curl --user admin:${word} https://api.example.org`,
    `curl --user=admin:${word} https://api.example.org`,
    `curl -uadmin:${word} https://api.example.org`,
    `curl -su admin:${word} https://api.example.org`,
    `curl -u 'admin:${password}' https://api.example.org`,
    `curl -u "admin:${password}" https://api.example.org`,
    `curl -u "$USER:${password}" https://api.example.org`,
    `curl -x http://proxy:3128 -U proxyuser:${word} https://api.example.org`,
    `curl --proxy-user proxyuser:${word} https://api.example.org`,
    `$ curl -X POST -H 'Content-Type: application/json' -u deploy:${word} https://ci.example.org/hooks`,
    `curl.exe -u admin:${word} https://api.example.org`,
    `curl -u :${word} https://api.example.org`,
  ])('flags %s', async (line) => {
    expect(await rules(`Setup notes\n${line}\n`)).toEqual(['@quire/inline-credentials'])
  })

  it('follows a command over continued lines, and reports the line holding the credentials', async () => {
    const text = [
      'Run:',
      'curl -X POST \\',
      '  -H "Accept: application/json" \\',
      `  -u admin:${word} \\`,
      '  https://api.example.org',
    ].join('\n')
    expect(await detector.scan(text)).toEqual([
      { rule: '@quire/inline-credentials', line: 4, message: 'found a password given to curl' },
    ])
  })

  it.each([
    'curl -u admin https://api.example.org',
    'curl --user admin https://api.example.org',
    'curl -u "$USER:$PASS" https://api.example.org',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholder is the case under test
    'curl -u "${USER}:${PASSWORD}" https://api.example.org',
    'curl -u admin:$(cat ~/.secret) https://api.example.org',
    'curl -u admin: https://api.example.org',
    'curl -u $TOKEN: https://api.example.org',
    'curl -u user:password https://api.example.org',
    'curl -u admin:admin http://localhost:9200',
    'curl -u <user>:<password> https://api.example.org',
    'curl -u USER:PASSWORD https://api.example.org',
    'curl -u admin:******** https://api.example.org',
    'curl --user-agent "me:1.0" https://api.example.org',
    'curl --url https://api.example.org/a:b',
    'sort -u notes:draft.txt',
    'Use -u admin:hunter22 with the other tool.',
  ])('lets %s pass', async (line) => {
    expect(await rules(`Setup notes\n${line}\n`)).toEqual([])
  })
})

describe('@quire/inline-credentials: URLs with a user and password', () => {
  it.each([
    `curl https://admin:${word}@localhost:8080/api`,
    `http://admin:${word}@db-01:5984/_all_dbs`,
    `https://deploy:${encodeURIComponent(password)}@git.example.org/repo.git`,
    `DATABASE_URL=postgres://app:${word}@db.internal:5432/app`,
    `mongodb+srv://app:${encodeURIComponent(password)}@cluster0.mongodb.net/db`,
    `REDIS_URL=redis://:${word}@cache:6379/0`,
    `amqp://app:${word}@mq:5672/`,
  ])('flags %s once, under our rule or a more specific one', async (line) => {
    const found = await rules(`Setup notes\n${line}\n`)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(
      /^@quire\/inline-credentials$|^@secretlint\/secretlint-rule-(basicauth|database)/,
    )
  })

  it.each([
    'postgres://app:$DB_PASSWORD@db.internal:5432/app',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholder is the case under test
    'postgres://app:${DB_PASSWORD}@db.internal:5432/app',
    'postgres://user:password@localhost/app',
    'https://user:pass@host/path',
    'amqp://app:<password>@mq.internal:5672/',
    'ssh://git@git.example.org:2222/repo.git',
    'http://localhost:8080/login?next=/a@b',
    'Mail alice@example.org or see https://example.org:8443/docs',
  ])('lets %s pass', async (line) => {
    expect(await rules(`Setup notes\n${line}\n`)).toEqual([])
  })
})
