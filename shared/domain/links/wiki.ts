/** Obsidian-style wiki link resolution and the text to write when a wiki link has to change. */
import { fileNameFromTitle } from '../title-file-name.ts'
import { baseName, fold, folderOf } from './paths.ts'

const MD = /\.md$/i

/** The wiki name as it is looked up: trimmed, without a leading `/`. */
function lookupName(name: string): string {
  const trimmed = name.trim()
  return trimmed.startsWith('/') ? trimmed.slice(1) : trimmed
}

/** Where each path sits in a space's list of paths, by folded file name and by folded full path. */
type WikiIndex = { byName: Map<string, number[]>; byPath?: Map<string, number[]> }

// Built once per list of paths and kept while that array lives, so that resolving every link of every page
// looks names up instead of folding every path again. The array is read when first used: it must not
// change afterwards (a new list of paths is a new array).
const indexes = new WeakMap<readonly string[], WikiIndex>()

function positionsBy(allPaths: readonly string[], key: (path: string) => string): Map<string, number[]> {
  const positions = new Map<string, number[]>()
  allPaths.forEach((path, i) => {
    const folded = key(path)
    const list = positions.get(folded)
    if (list) list.push(i)
    else positions.set(folded, [i])
  })
  return positions
}

function wikiIndex(allPaths: readonly string[]): WikiIndex {
  let index = indexes.get(allPaths)
  if (!index) {
    index = { byName: positionsBy(allPaths, (path) => fold(baseName(path))) }
    indexes.set(allPaths, index)
  }
  return index
}

/**
 * The paths `name` names, ignoring case, with or without the `.md` extension (the key being the file
 * name or the full path, as `positions` is keyed), in the order of `allPaths`.
 */
function named(positions: Map<string, number[]>, name: string, allPaths: readonly string[]): string[] {
  const plain = positions.get(fold(name)) ?? []
  const page = (positions.get(fold(`${name}.md`)) ?? []).filter((i) => MD.test(allPaths[i]!))
  // Distinct positions (a path has one key), put back in list order.
  return [...plain, ...page].sort((a, b) => a - b).map((i) => allPaths[i]!)
}

/** The paths a bare wiki name (no `/`) could mean: those whose file name matches it. */
function bareMatches(name: string, allPaths: readonly string[]): string[] {
  return named(wikiIndex(allPaths).byName, name.trim(), allPaths)
}

/** The paths a wiki name with a `/` could mean: those whose whole path matches it. */
function pathMatches(name: string, allPaths: readonly string[]): string[] {
  const index = wikiIndex(allPaths)
  index.byPath ??= positionsBy(allPaths, fold)
  return named(index.byPath, name, allPaths)
}

/**
 * The file a page titled as the wiki name's last segment gets, in the name's folder (`Getting Started`
 * → `getting-started.md`, `guides/Deploy Guide` → `guides/deploy-guide.md`, as the app names a new
 * page); undefined when the name makes no file name.
 */
export function fileNamedByTitle(name: string): string | undefined {
  const slash = name.lastIndexOf('/')
  const file = fileNameFromTitle(name.slice(slash + 1))
  return file === '' ? undefined : `${name.slice(0, slash + 1)}${file}`
}

/**
 * The file a link written with a page's title means when no file bears the title itself (see
 * fileNamedByTitle); undefined when that is the name as written.
 */
function fileNameOfTitle(name: string): string | undefined {
  const named = fileNamedByTitle(name)
  return named === undefined || fold(named) === fold(`${name}.md`) ? undefined : named
}

/**
 * A test for whether a wiki name could mean one of `paths` in some space, by its name or the title that
 * names it (looked up, not compared with each path): a cheap test before resolving it among all paths.
 */
export function couldNameAny(paths: readonly string[]): (name: string) => boolean {
  const bases = new Set(paths.map((path) => fold(baseName(path))))
  const whole = new Set(paths.map(fold))
  const holds = (names: Set<string>, name: string) => names.has(fold(name)) || names.has(fold(`${name}.md`))
  return (name) => {
    const wanted = lookupName(name)
    if (wanted === '') return false
    const names = wanted.includes('/') ? whole : bases
    const byTitle = fileNameOfTitle(wanted)
    return holds(names, wanted) || (byTitle !== undefined && holds(names, byTitle))
  }
}

/** The file a wiki link `[[name]]` in a page points to, resolved like Obsidian; undefined when none. */
export function resolveWikiTarget(
  fromPage: string,
  name: string,
  allPaths: readonly string[],
): string | undefined {
  const wanted = lookupName(name)
  if (wanted === '') return undefined
  const found = resolveName(fromPage, wanted, allPaths)
  if (found !== undefined) return found
  // `[[Getting Started]]` for the page the app named getting-started.md from that title.
  const byTitle = fileNameOfTitle(wanted)
  return byTitle === undefined ? undefined : resolveName(fromPage, byTitle, allPaths)
}

/** The file a (looked-up) wiki name bears, by its path when it has a `/`, else nearest the linking page. */
function resolveName(fromPage: string, wanted: string, allPaths: readonly string[]): string | undefined {
  if (wanted.includes('/')) {
    const matches = pathMatches(wanted, allPaths)
    // With both "Notes.md" and "notes.md" in Git, the exact spelling wins.
    return matches.find((path) => path === wanted || path === `${wanted}.md`) ?? matches[0]
  }
  const folder = folderOf(fromPage)
  const rank = (path: string): [number, number, number] => [
    folderOf(path) === folder ? 0 : 1,
    path.length,
    baseName(path) === wanted || baseName(path) === `${wanted}.md` ? 0 : 1,
  ]
  const sorted = bareMatches(wanted, allPaths).sort((a, b) => {
    const ra = rank(a)
    const rb = rank(b)
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!
    return a < b ? -1 : a > b ? 1 : 0
  })
  return sorted[0]
}

/**
 * The wiki target to write in `linkingPage` so that it points at `intended`, keeping the author's style,
 * or undefined when the original text still points there and must stay byte-identical.
 */
export function wikiTargetFor(
  linkingPage: string,
  original: string,
  intended: string,
  allPaths: readonly string[],
): string | undefined {
  if (resolveWikiTarget(linkingPage, original, allPaths) === intended) return undefined
  const [, before = '', name = '', after = ''] = /^(\s*)(.*?)(\s*)$/s.exec(original) ?? []
  // Pages are named without '.md' unless the author wrote it; other files keep their extension.
  const shorten = (path: string): string => (MD.test(path) && !MD.test(name) ? path.slice(0, -3) : path)
  if (!name.includes('/')) {
    const bare = shorten(baseName(intended))
    const matches = bareMatches(bare, allPaths)
    if (matches.length === 1 && matches[0] === intended) return before + bare + after
  }
  return before + (name.startsWith('/') ? '/' : '') + shorten(intended) + after
}
