import { addedText } from '../../domain/added-lines.ts'
import { utf16Text } from '../../domain/utf16-text.ts'
import type { Reason } from '../../errors/catalog.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'

/** Which text of a request a secret was found in. */
export type SecretField = 'content' | 'message' | 'path' | 'owner' | 'author'

/** The message for each field: a path or an account's name is not fixed the way content is. */
const REASONS = {
  content: 'secret_detected',
  message: 'secret_detected',
  path: 'secret_in_path',
  owner: 'secret_in_owner',
  author: 'secret_in_author',
} as const satisfies Record<SecretField, Reason>

export type CheckSecretsDeps = Pick<Deps, 'secretDetector'>

/**
 * Refuses (422 `secret_detected`) a text that seems to hold a secret, unless the caller allowed
 * it. For an existing text only the lines added to `before` are examined, so a page that already
 * holds a flagged line can still be edited elsewhere. `field` names the text checked when a
 * request carries several (the content, the commit message, a path, a page's owner, or the
 * author and token a commit names), so the finding can be shown.
 */
export async function checkSecrets(
  deps: CheckSecretsDeps,
  before: string | undefined,
  after: string,
  allowSecrets: boolean | undefined,
  field?: SecretField,
): Promise<void> {
  if (allowSecrets) return
  const added = addedText(before, after)
  if (added.text.trim() === '') return
  const findings = await deps.secretDetector.scan(added.text)
  const first = findings[0]
  if (!first) return
  const rules = [...new Set(findings.map((f) => f.rule.replace(/^@[^/]+\/(secretlint-rule-)?/, '')))].join(
    ', ',
  )
  const line = added.lineMap[first.line - 1] ?? first.line
  throw new DomainError(REASONS[field ?? 'content'], field ? { rules, line, field } : { rules, line })
}

/** The text of bytes when they are UTF-8 text (no NUL, valid encoding), or undefined for binary data. */
export function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * The text the secret check reads in bytes: UTF-8 as `asText`, or UTF-16 with or without a byte
 * order mark (the bytes stored stay as they are); undefined for binary data, which is not checked.
 */
export function checkedText(bytes: Uint8Array): string | undefined {
  return asText(bytes) ?? utf16Text(bytes)
}
