/** Obsidian-style wiki link resolution and the text to write when a wiki link has to change. */
import { baseName, fold, folderOf } from './paths.ts'

const MD = /\.md$/i

/** A test for whether a path is what `name` names, ignoring case, with or without the `.md` extension. */
function namer(name: string): (path: string) => boolean {
  const plain = fold(name)
  const page = fold(`${name}.md`)
  return (path) => {
    const actual = fold(path)
    return actual === plain || (actual === page && MD.test(path))
  }
}

/** The wiki name as it is looked up: trimmed, without a leading `/`. */
function lookupName(name: string): string {
  const trimmed = name.trim()
  return trimmed.startsWith('/') ? trimmed.slice(1) : trimmed
}

/** The paths a bare wiki name (no `/`) could mean: those whose file name matches it. */
function bareMatches(name: string, allPaths: readonly string[]): string[] {
  const matches = namer(name.trim())
  return allPaths.filter((path) => matches(baseName(path)))
}

/** Whether a wiki name could mean `path` in some space, a cheap test before resolving it among all paths. */
export function couldName(name: string, path: string): boolean {
  const wanted = lookupName(name)
  return wanted !== '' && namer(wanted)(wanted.includes('/') ? path : baseName(path))
}

/** The file a wiki link `[[name]]` in a page points to, resolved like Obsidian; undefined when none. */
export function resolveWikiTarget(
  fromPage: string,
  name: string,
  allPaths: readonly string[],
): string | undefined {
  const wanted = lookupName(name)
  if (wanted === '') return undefined
  if (wanted.includes('/')) {
    const matches = allPaths.filter(namer(wanted))
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
