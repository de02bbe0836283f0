/**
 * What a model is told after `not_found`, for it to try again rather than give up: the space it
 * named is none it can read, or the path is near one that exists (no `.md`, a `content/` prefix,
 * another case, a folder).
 */
import type { Locale } from '../errors/catalog.ts'
import { listTree } from '../services/content/content-files.ts'
import { listVisibleSpaces } from '../services/spaces/list-spaces.ts'
import type { ToolScope } from './tool.ts'
import { spaceRef } from './tool.ts'

const HINTS = {
  en: {
    space: (space: string) => `No space "${space}" you can read: list_spaces names yours.`,
    content: (path: string) => `Paths are under the content folder already: "${path}".`,
    extension: (path: string) => `Did you mean "${path}"?`,
    folder: (path: string) => `"${path}" is a folder: list_pages with folder "${path}" lists its files.`,
    item: 'list_inbox gives the names of the items.',
    other: 'list_pages or search finds the pages of the space.',
  },
  fr: {
    space: (space: string) =>
      `Aucun espace « ${space} » que vous pouvez lire : list_spaces nomme les vôtres.`,
    content: (path: string) => `Les chemins partent déjà du dossier content : « ${path} ».`,
    extension: (path: string) => `Vouliez-vous dire « ${path} » ?`,
    folder: (path: string) =>
      `« ${path} » est un dossier : list_pages avec folder « ${path} » en liste les fichiers.`,
    item: 'list_inbox donne les noms des éléments.',
    other: 'list_pages ou search trouve les pages de l’espace.',
  },
} satisfies Record<Locale, unknown>

/** The hint for a tool's `not_found`, from the arguments it was called with; none when there is nothing to say. */
export async function notFoundHint(
  { deps, actor, locale }: ToolScope,
  args: Record<string, unknown>,
): Promise<string | undefined> {
  const words = HINTS[locale]
  const space = args.space
  if (typeof space !== 'string') return undefined
  const readable = await listVisibleSpaces(deps, actor)
  if (!readable.some((view) => `${view.organization.slug}/${view.space.slug}` === space))
    return words.space(space)
  if (typeof args.name === 'string') return words.item
  const asked = typeof args.path === 'string' ? args.path : typeof args.from === 'string' ? args.from : ''
  const path = asked.replace(/^\/+|\/+$/g, '')
  if (path === '') return undefined
  const files = (await listTree(deps, actor, spaceRef(space))).map((file) => file.path)
  const known = new Set(files)
  const near = (candidate: string) =>
    known.has(candidate) ? candidate : files.find((file) => file.toLowerCase() === candidate.toLowerCase())
  const inContent = path.startsWith('content/') ? near(path.slice('content/'.length)) : undefined
  if (inContent) return words.content(inContent)
  const sameName = (known.has(path) ? undefined : near(path)) ?? near(`${path}.md`)
  if (sameName) return words.extension(sameName)
  if (files.some((file) => file.startsWith(`${path}/`))) return words.folder(path)
  return words.other
}
