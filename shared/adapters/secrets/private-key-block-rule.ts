import { ownRule } from './own-rule.ts'

// Any PEM or PGP private key header, whatever the algorithm or encryption. The preset's own rule
// wants a whole block with key-shaped Base64 in it; a header alone is enough reason to stop a write,
// since a pasted key is often cut short or wrapped differently. Spaces may be missing or doubled: a
// space swapped for an invisible character, which the detector drops, leaves `PRIVATEKEY`.
const HEADER = /-----BEGIN[ \t]*([A-Z0-9 \t]*?PRIVATE[ \t]*KEY(?:[ \t]*BLOCK)?)[ \t]*-----/g

/** The kind of key as it is usually written: `RSA PRIVATE KEY`, whatever the spacing in the text. */
function kindOf(header: string): string {
  return header
    .replace(/PRIVATE[ \t]*KEY/, ' PRIVATE KEY ')
    .replace(/[ \t]+/g, ' ')
    .trim()
}

const messages = {
  PrivateKeyBlock: {
    en: (props?: { kind: string }) => `found a private key block (${props?.kind ?? 'PRIVATE KEY'})`,
  },
}

/** Reports every `-----BEGIN … PRIVATE KEY-----` header, with or without its END line. */
export const privateKeyBlockRule = ownRule('@quire/private-key-block', messages, (content, t, report) => {
  for (const match of content.matchAll(HEADER))
    report(t('PrivateKeyBlock', { kind: kindOf(match[1] ?? 'PRIVATE KEY') }), [
      match.index,
      match.index + match[0].length,
    ])
})
