/** ASCII control characters (U+0000 to U+001F and DEL), which no name or path of the service may hold. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g')

/** Whether a string holds an ASCII control character (tab and line breaks included) or DEL. */
export function hasControlChar(text: string): boolean {
  return CONTROL.test(text)
}

/** The string with every ASCII control character and DEL removed. */
export function withoutControlChars(text: string): string {
  return text.replace(EVERY_CONTROL, '')
}

/** The string with each ASCII control character and DEL written as `<U+XXXX>`, safe to quote on one line. */
export function withControlCharsShown(text: string): string {
  return text.replace(
    EVERY_CONTROL,
    (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  )
}
