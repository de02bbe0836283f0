import { isPage, type TreeFile, titleOf } from '../space/tree-model.ts'

/** What a folder holds directly: its sub-folders by name and its pages by title. */
export type FolderContents = { folders: string[]; pages: TreeFile[] }

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** The sub-folders (full paths) and pages right under `folder` ('' for the space's root). */
export function folderContents(files: readonly TreeFile[], folder: string): FolderContents {
  const prefix = folder ? `${folder}/` : ''
  const folders = new Set<string>()
  const pages: TreeFile[] = []
  for (const file of files) {
    if (!file.path.startsWith(prefix)) continue
    const rest = file.path.slice(prefix.length)
    const cut = rest.indexOf('/')
    if (cut !== -1) folders.add(prefix + rest.slice(0, cut))
    else if (isPage(file.path)) pages.push(file)
  }
  return {
    folders: [...folders].sort(collator.compare),
    pages: pages.sort((a, b) => collator.compare(titleOf(a), titleOf(b))),
  }
}
