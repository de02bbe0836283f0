/**
 * A page's Markdown cut at its headings, for a preview that renders each part on its own: an edit
 * then renders again the part it changed, not the whole page, and a long page's first render can be
 * interrupted between parts by a keystroke.
 */

const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
/** An HTML comment left open on its first line: what follows, headings too, is the comment's. */
const OPEN_COMMENT = /^ {0,3}<!--(?!.*-->)/
/** A link reference definition (`[label]: https://…`, or its address on the next line): used anywhere. */
const LINK_DEFINITION = /^ {0,3}\[(?!\^)[^\]]+\]:([ \t]*\S)?/
/** A footnote's definition (`[^1]: …`): GitHub renders them all together at the page's end. */
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]]+\]:/m

/**
 * The parts of a page, each from a heading (outside code blocks and comments) to the next, the first holding what
 * comes before the first heading (front matter included); the link definitions of the whole page are
 * added to each part that does not hold them, so that a reference link renders the same as in the
 * whole page. Undefined for a page with footnotes, which only the whole page renders right.
 */
export function markdownSections(text: string): string[] | undefined {
  if (FOOTNOTE_DEFINITION.test(text)) return undefined
  const lines = text.split('\n')
  const starts: number[] = [0]
  const definitions: string[] = []
  let fence: string | undefined
  let inComment = false
  // Front matter is the first part's, whatever its lines look like (a YAML comment is `# …`).
  const matter = lines[0] === '---' || lines[0] === '+++' ? lines.indexOf(lines[0], 1) : -1
  lines.forEach((line, i) => {
    if (i <= matter) return
    if (inComment) {
      inComment = !line.includes('-->')
      return
    }
    const marker = FENCE.exec(line)?.[1]
    if (fence !== undefined) {
      // A fence closes with a marker of its own kind, at least as long.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined
      return
    }
    if (marker) fence = marker
    else if (OPEN_COMMENT.test(line)) inComment = true
    else if (ATX_HEADING.test(line) && i > 0) starts.push(i)
    else {
      const definition = LINK_DEFINITION.exec(line)
      if (definition) definitions.push(definition[1] ? line : `${line}\n${lines[i + 1] ?? ''}`)
    }
  })
  const parts = starts.map((start, k) => lines.slice(start, starts[k + 1] ?? lines.length).join('\n'))
  if (definitions.length === 0) return parts
  // Unindented after a blank line: a part ending in a list must not take them into its last item.
  return parts.map((part) => {
    const missing = definitions.filter((definition) => !part.includes(definition))
    return missing.length === 0 ? part : `${part}\n\n${missing.map((d) => d.trimStart()).join('\n')}\n`
  })
}
