// Control characters other than tab and line breaks: PDFs and OCR leave them behind, and they only
// get in the way of search and display.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f\u00ad\u200b-\u200d\u2060\ufeff]/g
// Characters that end a line or a page in some format: each becomes one line break.
const BREAKS = /\r\n?|[\v\f\u0085\u2028\u2029]/g
// Any other whitespace (tabs, no-break and typographic spaces) inside a line.
const SPACES = /[^\S\n]+/g

/** Tidies extracted text: one space between words, one '\n' between paragraphs, no blank lines, trimmed. */
export function normaliseText(raw: string): string {
  return raw
    .replace(CONTROL, '')
    .replace(BREAKS, '\n')
    .split('\n')
    .map((line) => line.replace(SPACES, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
}
