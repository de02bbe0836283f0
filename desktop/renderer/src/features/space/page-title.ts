import { HEADING } from '#shared/domain/page-title.ts'
import { titleOf } from './tree-model.ts'

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/
const TITLE_FIELD = /^title:[ \t]*(.+?)[ \t]*$/m

/**
 * A page's title and the text to render under it: the front matter `title`, else a level-one heading
 * opening the page (then taken out of the text, so it is not shown twice), else the file's name.
 */
export function splitTitle(path: string, text: string): { title: string; text: string } {
  const front = FRONT_MATTER.exec(text)
  const head = front ? front[0] : ''
  const field = front ? TITLE_FIELD.exec(front[1] ?? '')?.[1]?.replace(/^(["'])(.*)\1$/, '$2') : undefined
  const body = text.slice(head.length)
  const lines = body.split('\n')
  const first = lines.findIndex((line) => line.trim() !== '')
  const heading = first >= 0 ? HEADING.exec((lines[first] ?? '').replace(/\r$/, '')) : null
  if (heading?.[1] === '#') {
    const rest = [...lines.slice(0, first), ...lines.slice(first + 1)].join('\n')
    return { title: field || (heading[2] ?? '').trim() || titleOf({ path }), text: head + rest }
  }
  return { title: field || titleOf({ path }), text }
}
