import { DomainError } from '../errors/domain-error.ts'

/**
 * Bidirectional controls (marks, embeddings, overrides, isolates): unseen, they reorder how a name
 * is shown, so that `invoice<U+202E>fdp.exe` reads as `invoiceexe.pdf`.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
/** The same controls and lone surrogates (with the `u` flag, `\p{Cs}` matches only unpaired halves). */
const UNSHOWABLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu

/** Whether a name holds a bidirectional control or a lone surrogate (which Git would store as U+FFFD). */
export function isDisguised(name: string): boolean {
  return BIDI.test(name) || !name.isWellFormed()
}

/** The name with each bidirectional control or lone surrogate written as `<U+XXXX>`, safe to quote back. */
export function shownPlainly(name: string): string {
  return name.replace(
    UNSHOWABLE,
    (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  )
}

/** Refuses (`name_disguised`) a new file or attachment name that holds such a character. */
export function refuseDisguisedName(name: string): void {
  if (isDisguised(name)) throw new DomainError('name_disguised', { value: shownPlainly(name).slice(0, 200) })
}
