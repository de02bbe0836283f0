/** A change item's body as the server writes it: one line per commit, a blank line, the unified diff. */
export type ChangeBody = { commits: { sha: string; text: string }[]; diff: string }

/** Splits a change item's body into its commits (short sha, then date, author and subject) and diff. */
export function splitChangeBody(body: string): ChangeBody {
  const at = body.indexOf('\n\n')
  const head = at < 0 ? '' : body.slice(0, at)
  const diff = at < 0 ? body : body.slice(at + 2)
  const commits = head
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const space = line.indexOf(' ')
      return space < 0 ? { sha: line, text: '' } : { sha: line.slice(0, space), text: line.slice(space + 1) }
    })
  return { commits, diff }
}
