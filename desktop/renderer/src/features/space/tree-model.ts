/**
 * The page tree as rows: folders, pages and attachments of a space, flattened for a virtual list.
 * Pages are what people navigate; images, PDFs and other files are kept apart, in a closed
 * `Attachments` group at the end of the folder holding them, so that they stay reachable (a Git
 * space has no other place to find them) without passing for pages.
 */

/** What the tree endpoint gives of a file (`title` is null or missing for what is not a page). */
export type TreeFile = { path: string; size: number; sha: string; title?: string | null }

/**
 * A folder of the tree: its path ('' for the root), sub-folders, pages and attachments, each sorted.
 * In a tree read one folder at a time, a folder not read yet is `isLoaded: false` and empty.
 */
export type FolderNode = {
  path: string
  name: string
  folders: FolderNode[]
  pages: TreeFile[]
  attachments: TreeFile[]
  isLoaded?: boolean
}

/** What one folder's listing gives: its own files, and its sub-folders' paths. */
export type FolderListing = { files: readonly TreeFile[]; folders: readonly { path: string }[] }

/**
 * One visible row, at a depth: a folder (open or closed), a folder's group of attachments (open or
 * closed, with how many it holds), a page, or an attachment.
 */
export type TreeRow =
  | { kind: 'folder'; path: string; name: string; depth: number; isOpen: boolean }
  | { kind: 'attachments'; path: string; depth: number; isOpen: boolean; count: number }
  | { kind: 'file'; path: string; name: string; depth: number; isPage: boolean }
  | { kind: 'loading'; path: string; depth: number }

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
export function titleOf(file: { path: string; title?: string | null }): string {
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

/** The folder holding a path ('' for the root). */
export function folderOf(path: string): string {
  const cut = path.lastIndexOf('/')
  return cut === -1 ? '' : path.slice(0, cut)
}

/**
 * The key of a folder's attachments group among the open ones: the folder's path and a slash, which
 * no folder's own path ends with.
 */
export function attachmentsKey(folder: string): string {
  return `${folder}/`
}

/** What must be open for a file's row to show: its folders and, for an attachment, its group. */
export function openKeysFor(path: string): string[] {
  if (!path) return []
  const folders = ancestorsOf(path)
  return isPage(path) ? folders : [...folders, attachmentsKey(folderOf(path))]
}

/** Nests the flat file list into folders: sub-folders by name, pages by title, attachments by name. */
export function buildTree(files: readonly TreeFile[]): FolderNode {
  const root: FolderNode = { path: '', name: '', folders: [], pages: [], attachments: [] }
  const folders = new Map<string, FolderNode>([['', root]])
  const folderAt = (path: string): FolderNode => {
    const found = folders.get(path)
    if (found) return found
    const cut = path.lastIndexOf('/')
    const parent = folderAt(cut === -1 ? '' : path.slice(0, cut))
    const node: FolderNode = { path, name: path.slice(cut + 1), folders: [], pages: [], attachments: [] }
    parent.folders.push(node)
    folders.set(path, node)
    return node
  }
  for (const file of files) {
    const folder = folderAt(folderOf(file.path))
    if (isPage(file.path)) folder.pages.push(file)
    else folder.attachments.push(file)
  }
  for (const node of folders.values()) sortNode(node)
  return root
}

const byTitle = (a: TreeFile, b: TreeFile) =>
  collator.compare(titleOf(a), titleOf(b)) || collator.compare(a.path, b.path)

/** Sorts a folder's own lists: sub-folders by name, pages and attachments by title. */
function sortNode(node: FolderNode): void {
  node.folders.sort((a, b) => collator.compare(a.name, b.name))
  node.pages.sort(byTitle)
  node.attachments.sort(byTitle)
}

/**
 * The tree as far as its folders were read one at a time (`listings` by folder path, '' for the top):
 * a folder whose listing is missing is there, empty and not loaded, until it is read.
 */
export function buildFolderTree(listings: ReadonlyMap<string, FolderListing>): FolderNode {
  const nodeAt = (path: string): FolderNode => {
    const listing = listings.get(path)
    const node: FolderNode = {
      path,
      name: baseNameOf(path),
      folders: [],
      pages: [],
      attachments: [],
      isLoaded: listing !== undefined,
    }
    if (!listing) return node
    for (const file of listing.files) (isPage(file.path) ? node.pages : node.attachments).push(file)
    node.folders = listing.folders.map((folder) => nodeAt(folder.path))
    sortNode(node)
    return node
  }
  return nodeAt('')
}

/** How many files a top folder listing counts: its own and those its sub-folders hold. */
export function filesCounted(listing: {
  files: readonly unknown[]
  folders: readonly { files: number }[]
}): number {
  return listing.folders.reduce((sum, folder) => sum + folder.files, listing.files.length)
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

/**
 * The rows to show: each open folder's sub-folders, pages and attachments group (attachments listed
 * when the group is open); under a filter, only matches and the folders and groups holding them.
 */
export function visibleRows(root: FolderNode, open: ReadonlySet<string>, filter = ''): TreeRow[] {
  const needle = filter.trim().toLocaleLowerCase()
  const rows: TreeRow[] = []
  const matches = (file: TreeFile) =>
    !needle ||
    titleOf(file).toLocaleLowerCase().includes(needle) ||
    file.path.toLocaleLowerCase().includes(needle)
  const pushFile = (file: TreeFile, depth: number, isPage: boolean) =>
    rows.push({ kind: 'file', path: file.path, name: titleOf(file), depth, isPage })
  // Under a filter every folder holding a match shows open; a folder without one is left out.
  const walk = (node: FolderNode, depth: number): boolean => {
    let found = false
    for (const folder of node.folders) {
      const at = rows.length
      const isOpen = !!needle || open.has(folder.path)
      rows.push({ kind: 'folder', path: folder.path, name: folder.name, depth, isOpen })
      if (needle) {
        if (walk(folder, depth + 1)) found = true
        else rows.length = at
      } else if (isOpen && folder.isLoaded === false)
        rows.push({ kind: 'loading', path: folder.path, depth: depth + 1 })
      else if (isOpen) walk(folder, depth + 1)
    }
    for (const page of node.pages) {
      if (!matches(page)) continue
      pushFile(page, depth, true)
      found = true
    }
    const attachments = node.attachments.filter(matches)
    if (attachments.length === 0) return found
    const isOpen = !!needle || open.has(attachmentsKey(node.path))
    rows.push({ kind: 'attachments', path: node.path, depth, isOpen, count: attachments.length })
    if (isOpen) for (const file of attachments) pushFile(file, depth + 1, false)
    return true
  }
  walk(root, 0)
  return rows
}

/** The row that holds another (its folder or attachments group), by index; undefined at the top. */
export function parentRowOf(rows: readonly TreeRow[], index: number): number | undefined {
  const depth = rows[index]?.depth ?? 0
  for (let i = index - 1; i >= 0; i--) if ((rows[i]?.depth ?? 0) < depth) return i
  return undefined
}

/**
 * Whether a file or a folder (`isFolder`) dropped on a folder ('' for the root) would move: dropped on
 * the folder it is in, it stays; a folder does not go into itself.
 */
export function canDropInto(from: string, folder: string, isFolder = false): boolean {
  if (isFolder && (folder === from || folder.startsWith(`${from}/`))) return false
  return folderOf(from) !== folder
}

/** The path a file takes when moved into a folder: the same name there. */
export function movedPath(from: string, folder: string): string {
  const name = baseNameOf(from)
  return folder ? `${folder}/${name}` : name
}
