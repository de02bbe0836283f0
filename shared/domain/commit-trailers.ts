/**
 * The trailers of a commit message (`Source: web`, `Via: API · deploy-bot`): the `Key: value` lines of
 * its last paragraph, as Git reads them. The service writes its own trailers after whatever message a
 * caller gave, so lines that look like trailers earlier in the message (a caller's own "Source: web")
 * never pass for the service's.
 */
export function trailer(message: string, key: string): string {
  return trailers(message, key)[0] ?? ''
}

/** Every value of a trailer that may be given more than once (`Co-authored-by:`), in order. */
export function trailers(message: string, key: string): string[] {
  const paragraphs = message.trimEnd().split(/\n[ \t]*\n/)
  const last = paragraphs.length > 1 ? paragraphs.at(-1)! : ''
  // Git reads trailer keys without regard to case (`Co-Authored-By:` is the same trailer).
  const prefix = `${key.toLowerCase()}:`
  return last
    .split('\n')
    .filter((line) => line.toLowerCase().startsWith(prefix))
    .map((line) => line.slice(prefix.length).trim())
}

/**
 * The people a commit names besides its author, by the `Co-authored-by: Name <address>` trailers Git
 * hosts read (a live session's commit names everyone who typed in it): their names, once each.
 */
export function coauthorNames(message: string): string[] {
  const names = trailers(message, 'Co-authored-by').map((value) => value.replace(/\s*<[^>]*>\s*$/, '').trim())
  return [...new Set(names.filter((name) => name !== ''))]
}

/**
 * A value as a trailer may hold it: on one line, its control characters and line separators as
 * spaces. Names people choose (a token's, an account's, an OAuth client's) end up in trailers; a
 * line break in one would start a paragraph of trailers of the caller's making (`Source: routine`).
 */
export function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/** The `Co-authored-by: Name <address>` trailer naming a person, on one line, no brackets of their own. */
export function coauthorTrailer(person: { name: string; email: string }): string {
  const part = (value: string) => oneLine(value.replace(/[<>]/g, ''))
  return `Co-authored-by: ${part(person.name)} <${part(person.email)}>`
}
