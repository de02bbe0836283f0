import type { TreeEntry, TreeFolderEntry } from '../space/queries.ts'
import { isPage, type TreeFile, titleOf } from '../space/tree-model.ts'

/** What a folder holds directly: its sub-folders by name and its pages by title. */
export type FolderContents = { folders: string[]; pages: TreeFile[] }

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/**
 * The sub-folders (full paths) and pages of one folder's listing: its own files, and each
 * sub-folder listed once (the tree endpoint with `depth=1`). Attachments are not pages.
 */
export function listedContents(listing: {
  files: readonly TreeEntry[]
  folders: readonly TreeFolderEntry[]
}): FolderContents {
  return {
    folders: listing.folders.map((folder) => folder.path).sort(collator.compare),
    pages: listing.files
      .filter((file) => isPage(file.path))
      .sort((a, b) => collator.compare(titleOf(a), titleOf(b))),
  }
}
