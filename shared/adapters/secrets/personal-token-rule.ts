import { SESSION_PREFIX, TOKEN_PREFIX } from '../../domain/limits.ts'
import { ownRule } from './own-rule.ts'

// The service's own secrets are minted as a prefix then 32 random bytes in base64url: 43 characters.
// Only that exact shape counts, so that a prefix named in prose (`qpat_…`) or a placeholder does not.
const BODY = '[A-Za-z0-9_-]{43}'
// The secret a Git host signs its webhook calls with, minted by the Git settings.
const WEBHOOK_PREFIX = 'qwhs_'
const PREFIXES = [TOKEN_PREFIX, SESSION_PREFIX, WEBHOOK_PREFIX].join('|')
const TOKEN = new RegExp(`(?<![A-Za-z0-9_-])(${PREFIXES})(${BODY})(?![A-Za-z0-9_-])`, 'g')
const MESSAGE_IDS = { [TOKEN_PREFIX]: 'PersonalToken', [SESSION_PREFIX]: 'SessionCookie' } as const

const messages = {
  PersonalToken: { en: () => 'found a Quire personal access token' },
  SessionCookie: { en: () => 'found a Quire session cookie' },
  WebhookSecret: { en: () => 'found a Quire webhook secret' },
}

/** Reports the service's own secrets: personal access tokens, session cookies, webhook secrets. */
export const personalTokenRule = ownRule('@quire/personal-token', messages, (content, t, report) => {
  for (const match of content.matchAll(TOKEN)) {
    // A run of one character (`qpat_xxxx…`) is a placeholder of the right length, not a token.
    if (/^(.)\1+$/.test(match[2] ?? '')) continue
    report(t(MESSAGE_IDS[match[1] as keyof typeof MESSAGE_IDS] ?? 'WebhookSecret'), [
      match.index,
      match.index + match[0].length,
    ])
  }
})
