import type { SecretLintRuleCreator } from '@secretlint/types'

// Any PEM or PGP private key header, whatever the algorithm or encryption. The preset's own rule
// wants a whole block with key-shaped Base64 in it; a header alone is enough reason to stop a write,
// since a pasted key is often cut short or wrapped differently.
const HEADER = /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----/g

const messages = {
  PrivateKeyBlock: {
    en: (props?: { kind: string }) => `found a private key block (${props?.kind ?? 'PRIVATE KEY'})`,
  },
}

/** Reports every `-----BEGIN … PRIVATE KEY-----` header, with or without its END line. */
export const privateKeyBlockRule: SecretLintRuleCreator = {
  messages,
  meta: {
    id: '@quire/private-key-block',
    type: 'scanner',
    recommended: true,
    supportedContentTypes: ['text'],
  },
  create(context) {
    const t = context.createTranslator(messages)
    return {
      file(source) {
        for (const match of source.content.matchAll(HEADER)) {
          const start = match.index
          context.report({
            message: t('PrivateKeyBlock', { kind: match[1] ?? 'PRIVATE KEY' }),
            range: [start, start + match[0].length],
          })
        }
      },
    }
  },
}
