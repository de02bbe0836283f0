/**
 * Control characters (U+0000 to U+001F, DEL and U+0080 to U+009F, NEL among them) and the Unicode
 * line and paragraph separators (U+2028, U+2029), which no name or path of the service may hold:
 * each breaks a line somewhere (a log, a commit message, a header, a regular expression's `.`).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g')

/** Whether a string holds a control character (tab and line breaks included), DEL or a line separator. */
export function hasControlChar(text: string): boolean {
  return CONTROL.test(text)
}

/** The string with every control character, DEL and line separator removed. */
export function withoutControlChars(text: string): string {
  return text.replace(EVERY_CONTROL, '')
}

/** The string with each control character, DEL and line separator written as `<U+XXXX>`, safe to quote on one line. */
export function withControlCharsShown(text: string): string {
  return text.replace(
    EVERY_CONTROL,
    (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  )
}
