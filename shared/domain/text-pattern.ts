/**
 * A regular expression typed by a user, run by RE2 (re2js): matching takes time linear in the text, so no
 * pattern can make the single thread that answers everyone backtrack for seconds, as `(-|-)+x` over a row
 * of dashes does in the JavaScript engine.
 */
import { RE2JS } from 're2js'
import { DomainError } from '../errors/domain-error.ts'

/** A compiled search pattern: case-insensitive, Unicode-aware, `^`/`$` at the ends of the text. */
export type TextPattern = {
  /** Whether the pattern matches anywhere in `text` (the fast path that rejects most files). */
  test(text: string): boolean
  /** The offsets (UTF-16 indices) where successive non-overlapping matches start, in order. */
  matchStarts(text: string): Iterable<number>
}

/** Longest error detail quoted back to the user. */
const DETAIL_CHARS = 200
/** `\k<name>`, a named backreference: RE2's translation would read it as the letter k. */
const NAMED_BACKREFERENCE = /(?:^|[^\\])(?:\\\\)*\\k/

/**
 * Why a readable pattern cannot be run in linear time (backreferences, lookahead, lookbehind), or
 * undefined when it can (or is unreadable, which compiling reports). The API checks it with the
 * query, so such a pattern is a malformed parameter (422), before any search starts.
 */
export function unsupportedPattern(source: string): string | undefined {
  try {
    new RegExp(source, 'u')
  } catch {
    return undefined
  }
  try {
    compileTextPattern(source)
    return undefined
  } catch (error) {
    return error instanceof DomainError && error.reason === 'regex_unsupported'
      ? String(error.params.value)
      : undefined
  }
}

/**
 * Compiles a user's pattern written in JavaScript syntax. An unreadable one is refused with
 * `regex_invalid` (400 `invalid`, as it always was), and one RE2 cannot run in linear time
 * (backreferences, lookahead, lookbehind) with `regex_unsupported`.
 */
export function compileTextPattern(source: string): TextPattern {
  try {
    // Only parsed, never run: the syntax users write stays the one they always had.
    new RegExp(source, 'u')
  } catch (error) {
    throw new DomainError('regex_invalid', { value: detail(error) })
  }
  if (NAMED_BACKREFERENCE.test(source))
    throw new DomainError('regex_unsupported', { value: 'backreference \\k<…>' })
  let re: RE2JS
  try {
    // JavaScript spellings (\u00e9, \u{1F600}, \cJ, (?<name>…)) become RE2's.
    re = RE2JS.compile(RE2JS.translateRegExp(source), RE2JS.CASE_INSENSITIVE)
  } catch (error) {
    throw new DomainError('regex_unsupported', { value: detail(error) })
  }
  return {
    test: (text) => re.test(text),
    matchStarts: function* (text) {
      const m = re.matcher(text)
      while (m.find()) yield m.start()
    },
  }
}

function detail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/^error parsing regexp: /, '').slice(0, DETAIL_CHARS)
}
