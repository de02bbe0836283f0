/** ASCII control characters (U+0000 to U+001F and DEL), which no name or path of the service may hold. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
/**
 * The line breaks beyond ASCII: the C1 controls (NEL among them) and the Unicode line and paragraph
 * separators. A new name may not hold them (each breaks a line somewhere: a log, a commit message, a
 * regular expression's `.`); an existing file's name that does is still reached.
 */
const OTHER_BREAKS = /[\u0080-\u009f\u2028\u2029]/
const EVERY_BREAK = new RegExp(`${CONTROL.source}|${OTHER_BREAKS.source}`, 'g')

/** Whether a string holds an ASCII control character (tab and line breaks included) or DEL. */
export function hasControlChar(text: string): boolean {
  return CONTROL.test(text)
}

/** Whether a string holds a line break beyond ASCII (a C1 control, U+2028, U+2029). */
export function hasOtherLineBreak(text: string): boolean {
  return OTHER_BREAKS.test(text)
}

/** The string with every control character, DEL and line separator removed. */
export function withoutControlChars(text: string): string {
  return text.replace(EVERY_BREAK, '')
}

/** The string with each control character, DEL and line separator written as `<U+XXXX>`, safe to quote on one line. */
export function withControlCharsShown(text: string): string {
  return text.replace(
    EVERY_BREAK,
    (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  )
}
