/**
 * The trailers of a commit message (`Source: web`, `Via: API · deploy-bot`): the `Key: value` lines of
 * its last paragraph, as Git reads them. The service writes its own trailers after whatever message a
 * caller gave, so lines that look like trailers earlier in the message (a caller's own "Source: web")
 * never pass for the service's.
 */
export function trailer(message: string, key: string): string {
  const paragraphs = message.trimEnd().split(/\n[ \t]*\n/)
  const last = paragraphs.length > 1 ? paragraphs.at(-1)! : ''
  const prefix = `${key}:`
  for (const line of last.split('\n')) if (line.startsWith(prefix)) return line.slice(prefix.length).trim()
  return ''
}
