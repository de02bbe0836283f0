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

/** How many times a text is read again for secrets once lines were left out, before it is left out whole. */
const OUT_ROUNDS = 3

/**
 * `after` with every added line that seems to hold a secret replaced by `placeholder` (read again
 * until none is left: a key over several lines is found line by line); `placeholder` alone when the
 * secret cannot be taken out that way. For a text that must be kept though it could not be committed
 * as it was (the unsaved edits of a page gone): the rest of it is kept, the secret is not written.
 */
export async function withoutSecrets(
  deps: CheckSecretsDeps,
  before: string | undefined,
  after: string,
  placeholder: string,
): Promise<string> {
  let text = after
  for (let round = 0; round < OUT_ROUNDS; round++) {
    const added = addedText(before, text)
    if (added.text.trim() === '') return text
    const findings = await deps.secretDetector.scan(added.text)
    if (findings.length === 0) return text
    const out = new Set(findings.map((f) => added.lineMap[f.line - 1] ?? f.line))
    const lines = text.split('\n')
    text = lines.map((line, i) => (out.has(i + 1) ? placeholder : line)).join('\n')
  }
  const added = addedText(before, text)
  return (await deps.secretDetector.scan(added.text)).length === 0 ? text : placeholder
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
