import type { Deps } from '../../ports/deps.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText } from '../content/check-secrets.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { titleOfPage } from './page-titles.ts'

/** Where a space keeps the pages new pages may start from, beside its other own files. */
export const TEMPLATES_DIR = '.service/templates'

const TEMPLATE_FILE = /^\.service\/templates\/([^/]+)\.md$/

export type PageTemplate = { name: string; title: string; text: string }

export type ListTemplatesDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/**
 * The page templates of a space (readers): each Markdown file right under `.service/templates/` at
 * the tip, named by its file name, titled as a page would be, sorted by title; `[]` when none.
 */
export async function listTemplates(
  deps: ListTemplatesDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<PageTemplate[]> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repo = deps.repos.open(space.id, space.branch)
  const files = (await repo.blobs(TEMPLATES_DIR)).filter((f) => TEMPLATE_FILE.test(f.path))
  const templates = await Promise.all(
    files.map(async (file): Promise<PageTemplate | undefined> => {
      const bytes = await repo.readBlob(file.sha)
      const text = bytes && asText(bytes)
      if (text === undefined || !bytes) return undefined
      const name = TEMPLATE_FILE.exec(file.path)?.[1] ?? ''
      return { name, title: titleOfPage(`${name}.md`, bytes), text }
    }),
  )
  return templates
    .filter((t): t is PageTemplate => t !== undefined)
    .sort((a, b) => a.title.localeCompare(b.title) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}
