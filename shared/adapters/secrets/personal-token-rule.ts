import type { SecretLintRuleCreator } from '@secretlint/types'
import { SESSION_PREFIX, TOKEN_PREFIX } from '../../domain/limits.ts'

// The service's own secrets are minted as a prefix then 32 random bytes in base64url: 43 characters.
// Only that exact shape counts, so that a prefix named in prose (`qpat_…`) or a placeholder does not.
const BODY = '[A-Za-z0-9_-]{43}'
const TOKEN = new RegExp(
  `(?<![A-Za-z0-9_-])(${TOKEN_PREFIX}|${SESSION_PREFIX})(${BODY})(?![A-Za-z0-9_-])`,
  'g',
)

const messages = {
  PersonalToken: { en: () => 'found a Quire personal access token' },
  SessionCookie: { en: () => 'found a Quire session cookie' },
}

/** Reports the service's personal access tokens (`qpat_…`) and session cookies (`qses_…`). */
export const personalTokenRule: SecretLintRuleCreator = {
  messages,
  meta: {
    id: '@quire/personal-token',
    type: 'scanner',
    recommended: true,
    supportedContentTypes: ['text'],
  },
  create(context) {
    const t = context.createTranslator(messages)
    return {
      file(source) {
        for (const match of source.content.matchAll(TOKEN)) {
          // A run of one character (`qpat_xxxx…`) is a placeholder of the right length, not a token.
          if (/^(.)\1+$/.test(match[2] ?? '')) continue
          context.report({
            message: t(match[1] === TOKEN_PREFIX ? 'PersonalToken' : 'SessionCookie'),
            range: [match.index, match.index + match[0].length],
          })
        }
      },
    }
  },
}
