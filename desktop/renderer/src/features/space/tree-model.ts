/** The page tree as rows: folders and files of a space, flattened for a virtual list. */

/** What the tree endpoint gives of a file. */
export type TreeFile = { path: string; size: number; sha: string; title?: string }

/** A folder of the tree: its path ('' for the root), sub-folders and files, each sorted. */
export type FolderNode = { path: string; name: string; folders: FolderNode[]; files: TreeFile[] }

/** One visible row: a folder (open or closed) or a file, at a depth. */
export type TreeRow =
  | { kind: 'folder'; path: string; name: string; depth: number; isOpen: boolean }
  | { kind: 'file'; path: string; name: string; depth: number }

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** The last segment of a path. */
export function baseNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** Whether a path names a Markdown page. */
export function isPage(path: string): boolean {
  return /\.(md|markdown)$/i.test(path)
}

/**
 * How a file is named in lists: a page by its title (from the index, else its file name without the
 * extension, dashes and underscores read as spaces, first letter capitalised); any other file by its name.
 */
export function titleOf(file: { path: string; title?: string }): string {
  if (file.title) return file.title
  const name = baseNameOf(file.path)
  if (!isPage(name)) return name
  const words = name
    .replace(/\.(md|markdown)$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
  return words ? words.charAt(0).toLocaleUpperCase() + words.slice(1) : name
}

/** The folders that hold a path, outermost first ('a/b/c.md' → 'a', 'a/b'). */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/').slice(0, -1)
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'))
}

/** Nests the flat file list into folders: folders first, then files by title. */
export function buildTree(files: readonly TreeFile[]): FolderNode {
  const root: FolderNode = { path: '', name: '', folders: [], files: [] }
  const folders = new Map<string, FolderNode>([['', root]])
  const folderAt = (path: string): FolderNode => {
    const found = folders.get(path)
    if (found) return found
    const cut = path.lastIndexOf('/')
    const parent = folderAt(cut === -1 ? '' : path.slice(0, cut))
    const node: FolderNode = { path, name: path.slice(cut + 1), folders: [], files: [] }
    parent.folders.push(node)
    folders.set(path, node)
    return node
  }
  for (const file of files) {
    const cut = file.path.lastIndexOf('/')
    folderAt(cut === -1 ? '' : file.path.slice(0, cut)).files.push(file)
  }
  for (const node of folders.values()) {
    node.folders.sort((a, b) => collator.compare(a.name, b.name))
    node.files.sort((a, b) => collator.compare(titleOf(a), titleOf(b)))
  }
  return root
}

/** Every folder path of a tree (to open them all). */
export function folderPaths(root: FolderNode): string[] {
  const out: string[] = []
  const walk = (node: FolderNode) => {
    for (const folder of node.folders) {
      out.push(folder.path)
      walk(folder)
    }
  }
  walk(root)
  return out
}

/** The rows to show: the files of open folders; under a filter, only matches and the folders holding them. */
export function visibleRows(root: FolderNode, open: ReadonlySet<string>, filter = ''): TreeRow[] {
  const needle = filter.trim().toLocaleLowerCase()
  const rows: TreeRow[] = []
  const matches = (file: TreeFile) =>
    titleOf(file).toLocaleLowerCase().includes(needle) || file.path.toLocaleLowerCase().includes(needle)
  // Under a filter every folder holding a match shows open; a folder without one is left out.
  const walk = (node: FolderNode, depth: number): boolean => {
    let found = false
    for (const folder of node.folders) {
      const at = rows.length
      rows.push({ kind: 'folder', path: folder.path, name: folder.name, depth, isOpen: true })
      if (needle) {
        if (walk(folder, depth + 1)) found = true
        else rows.length = at
      } else {
        const isOpen = open.has(folder.path)
        rows[at] = { kind: 'folder', path: folder.path, name: folder.name, depth, isOpen }
        if (isOpen) walk(folder, depth + 1)
      }
    }
    for (const file of node.files) {
      if (needle && !matches(file)) continue
      rows.push({ kind: 'file', path: file.path, name: titleOf(file), depth })
      found = true
    }
    return found
  }
  walk(root, 0)
  return rows
}
