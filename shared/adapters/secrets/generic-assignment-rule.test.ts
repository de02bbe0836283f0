import { describe, expect, it } from 'vitest'
import { apiKey, password } from '../../testing/fixtures/secrets.ts'
import { looksLikeSecret } from './generic-assignment-rule.ts'
import { createSecretDetector } from './secretlint-detector.ts'

const detector = createSecretDetector()
const secretValue = ['s3cr3t', '-value'].join('')
const rules = async (text: string) => (await detector.scan(text)).map((f) => f.rule)

describe('@quire/generic-assignment', () => {
  it.each([
    `password = ${password}`,
    `password: ${password}`,
    `Password: ${password}`,
    `PASSWORD="${password}"`,
    `secret: "${secretValue}"`,
    `api_key=${apiKey}`,
    `apikey: ${apiKey}`,
    `api-key: '${apiKey}'`,
    `X-Api-Key: ${apiKey}`,
    `The API key: ${apiKey}`,
    `access_token = "${apiKey}"`,
    `client_secret: ${apiKey}`,
    `clientSecret = "${apiKey}";`,
    `db_password=${password}`,
    `export MYSQL_ROOT_PASSWORD=${password}`,
    `DBPassword := ${password}`,
    `"password": "${password}",`,
    `{ user: 'app', password: '${password}' }`,
    `'password' => '${password}',`,
    `config.password = "${password}"`,
    `$password = "${password}";`,
    `mysql --user=app --password=${password} app`,
    `**Password**: ${password}`,
    `**Password:** \`${password}\``,
    `My new password: ${password}`,
    `Note: password=${password}`,
    `password: 48151623`,
    `https://api.example.com/v1?api_key=${apiKey}&page=2`,
  ])('flags %s', async (line) => {
    expect(await rules(`Setup notes\n${line}\n`)).toEqual(['@quire/generic-assignment'])
  })

  it.each([
    'password:',
    'password = ""',
    "secret: ''",
    'password = changeme',
    'password: change_me_now',
    'password: <password>',
    'api_key: <your API key>',
    'password: your-password-here',
    'api_key: YOUR_API_KEY',
    'password = xxx',
    'password = xxxxxxxx',
    'password: ***',
    'password: ********',
    'password: ...',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholder is the case under test
    'password: ${DB_PASSWORD}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholder is the case under test
    'password: "${{ secrets.DB_PASSWORD }}"',
    'password: $DB_PASSWORD',
    'password: {{ db_password }}',
    'password: %DB_PASSWORD%',
    'password: DB_PASSWORD',
    'password: process.env.DB_PASSWORD',
    "api_key = os.environ['API_KEY']",
    'secret = os.getenv("APP_SECRET")',
    'token: settings.github.token',
    'password: null',
    'secret: none',
    'secret: false',
    'secret: true',
    'password: abc12',
    'password: required',
    'password: string',
    'password: Optional[str] = None',
    'secret: SecretStr',
    'password: not-set',
    'password: see the team vault',
    'password_min_length: 123456',
    'token_url: https://auth.example.com/oauth/token',
    'secret_name: prod/db/credentials',
    'password_file: /run/secrets/db_password',
    'max_tokens: 4096',
    'passwordless: enabled',
    'secretary: Margaret',
    'if password == expected:',
    'if (password != confirmation) return',
    'Reset your password in the settings page.',
    'The API key is stored in the vault.',
    '## Password policy',
    '### API key: how to rotate it',
    'Password: must be at least 12 characters long.',
    'secret_rotated_at: 2024-01-31',
  ])('lets %s pass', async (line) => {
    expect(await rules(`Setup notes\n${line}\n`)).toEqual([])
  })

  it('names the key in its message, never the value', async () => {
    const [finding] = await detector.scan(`db_password = "${password}"`)
    expect(finding).toEqual({
      rule: '@quire/generic-assignment',
      line: 1,
      message: 'found a literal value assigned to "db_password"',
    })
  })
})

describe('looksLikeSecret', () => {
  it('wants at least 6 characters', () => {
    expect(looksLikeSecret('a1b2c', false)).toBe(false)
    expect(looksLikeSecret('a1b2c3', false)).toBe(true)
  })

  it('reads inside quotes and drops punctuation that ends a sentence', () => {
    expect(looksLikeSecret(`"${password}"`, false)).toBe(true)
    expect(looksLikeSecret('"abc"', false)).toBe(false)
    expect(looksLikeSecret('abc12.', false)).toBe(false)
  })

  it('takes long mixed-case words for generated keys, lone words for prose', () => {
    expect(looksLikeSecret('CorrectHorseBatteryStaple', false)).toBe(true)
    expect(looksLikeSecret('Mandatory', false)).toBe(false)
  })

  it('takes numbers as passwords only under a password key', () => {
    expect(looksLikeSecret('48151623', true)).toBe(true)
    expect(looksLikeSecret('48151623', false)).toBe(false)
  })
})
