/**
 * Secret-shaped test values, assembled at run time so that no secret scanner flags this repository.
 * Each one is shaped to be caught by the rule named next to it.
 */

const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)

/** A password that is neither a word nor a placeholder. */
export const password = ['Tr0ub', '4dor', '&3'].join('')

/** A hex API key, as many services issue them. */
export const apiKey = ['8f14e45f', 'ceea167a', '5a36dedd', '4bea2543'].join('')

/** The AWS access key id and secret access key of a made-up account (secretlint-rule-aws). */
export const aws = {
  accessKeyId: ['AK', 'IA', repeat('Q7ZX', 16)].join(''),
  secretAccessKey: ['k9Zp', repeat('Wm2Rt8Yq', 36)].join(''),
}

/** A classic GitHub personal access token (secretlint-rule-github). */
export const githubToken = ['gh', 'p_', repeat('a1B2c3D4', 36)].join('')

/** A Slack bot token and incoming-webhook URL (secretlint-rule-slack). */
export const slack = {
  token: ['xo', 'xb-', '1234567890', '12-', '1234567890123-', repeat('AbCdEfGh', 24)].join(''),
  webhook: [
    'https://hooks.',
    'slack.com/services/',
    'T0',
    repeat('ABCD', 8),
    '/B0',
    repeat('EFGH', 8),
    '/',
    repeat('Xy7', 24),
  ].join(''),
}

/** An OpenAI project key, with the `T3BlbkFJ` marker the rule looks for (secretlint-rule-openai). */
export const openAiKey = ['sk-', 'proj-', repeat('Ab3_', 74), 'T3Blbk', 'FJ', repeat('Cd5x', 74)].join('')

/** A URL carrying a user and password (secretlint-rule-basicauth). */
export const basicAuthUrl = [
  'https://',
  'deploy',
  ':',
  password.replace(/\W/g, ''),
  '@',
  'git.example.com/repo.git',
].join('')

/** A PEM header line for a private key of the given kind, e.g. `RSA PRIVATE KEY`. */
export const pemHeader = (kind: string) => ['-----', 'BEGIN ', kind, '-----'].join('')

/** A whole PEM private key, with DER-shaped Base64, as the preset's privatekey rule wants it. */
export function pemKey(kind = 'RSA PRIVATE KEY'): string {
  const body = ['MII', 'EowIBAAKCAQEA', repeat('u1Vx9Kq2Lm7Pz4Rt', 240)].join('')
  const lines = body.match(/.{1,64}/g) ?? []
  return [pemHeader(kind), ...lines, ['-----', 'END ', kind, '-----'].join('')].join('\n')
}

/** A personal access token as the service mints it: prefix, then 32 random bytes in base64url. */
export const personalToken = ['qp', 'at_', 'Zk3pQ9vR2sT8uW1x', 'Y4zA6bC7dE0fG5hJ', '-_kLmNoPqRs'].join('')

/** A web session cookie value, minted the same way. */
export const sessionCookie = ['qs', 'es_', 'Hq7Lx2Nw9Rt4Vb6Z', 'c1Dk8Fm3Gp5Js0Wy', 'Ua_T-eXo2Ci'].join('')

/** A webhook secret of the Git settings, minted the same way. */
export const webhookSecret = ['qw', 'hs_', 'Pn4Rb8Tc2Vd6Xf0H', 'j3Km7Lq1Ms5Nu9Ow', 'Ey-Ga_Ix4Kz'].join('')
