/** Reading the dropper's hint: a page, a folder, a new page or folder asked for by path, or plain words. */
import { baseName } from '../links/paths.ts'
import { foldText } from '../text-words.ts'
import { type PageIndex, pathKey } from './page-index.ts'

export type Hint =
  | { kind: 'none' }
  /** An existing page: the note goes there. */
  | { kind: 'page'; page: number }
  /** A folder, existing or asked for with a trailing slash: the note goes into it. */
  | { kind: 'folder'; folder: string }
  /** A page path ending in .md that does not exist yet: the note becomes that page. */
  | { kind: 'new-page'; path: string }
  /** Anything else: words that weigh in the scoring. */
  | { kind: 'words'; text: string }

// Characters no page path may hold (Windows and Git both refuse some; none belong in a wiki path).
const UNSAFE = /[\p{Cc}<>:"|?*\\]/u

/** Whether a content-relative path is one the filer may write: no empty, dot or hidden segments. */
export function isSafePath(path: string): boolean {
  if (!path || UNSAFE.test(path)) return false
  return path
    .split('/')
    .every((segment) => segment.trim() === segment && segment !== '' && !segment.startsWith('.'))
}

function unwrap(hint: string): string {
  let h = hint.trim()
  const wrapped = /^\[\[(.*)\]\]$|^`(.*)`$|^"(.*)"$|^'(.*)'$|^«\s*(.*?)\s*»$|^“(.*)”$/.exec(h)
  if (wrapped) h = wrapped.slice(1).find((g) => g !== undefined) ?? h
  return h.trim()
}

// A new path under an existing folder typed in another case is written under that folder, not beside it.
function sameCase(path: string, index: PageIndex): string {
  const parts = path.split('/')
  for (let n = parts.length; n > 0; n--) {
    const folder = index.folderByPath.get(pathKey(parts.slice(0, n).join('/')))
    if (folder !== undefined) return [folder, ...parts.slice(n)].join('/')
  }
  return path
}

/** What the hint names, looked up in the index (paths with or without content/ and .md, any case or accent). */
export function readHint(hint: string, index: PageIndex): Hint {
  const raw = unwrap(hint)
  if (!raw) return { kind: 'none' }
  const trailingSlash = /[/\\]$/.test(raw)
  const path = raw
    .replace(/\\/g, '/')
    .replace(/^\.?\/+/, '')
    .replace(/^content\//i, '')
    .replace(/\/+$/, '')
  const key = pathKey(path)
  if (!key) return { kind: 'none' }
  if (!trailingSlash) {
    const page = index.pageByPath.get(key)
    if (page !== undefined) return { kind: 'page', page }
  }
  const folder = index.folderByPath.get(key)
  if (folder !== undefined) return { kind: 'folder', folder }
  // New places only for plain paths: "put it in recettes/" is a sentence, not a folder to create.
  if (isSafePath(path) && !/\s/.test(path)) {
    if (!trailingSlash && /\.md$/i.test(path)) return { kind: 'new-page', path: sameCase(path, index) }
    if (trailingSlash) return { kind: 'folder', folder: sameCase(path, index) }
  }
  // A page's title or file name, when only one page has it ("deploy", "Assurance habitation").
  const named = index.pagesByName.get(foldText(raw).replace(/\.md$/, '').trim())
  if (named?.length === 1) return { kind: 'page', page: named[0]! }
  // A folder's last segment, when only one folder has it ("runbooks" for ops/runbooks).
  const segment = baseName(key)
  const folders = index.folders.filter((f) => pathKey(baseName(f)) === segment)
  if (!key.includes('/') && folders.length === 1) return { kind: 'folder', folder: folders[0]! }
  return { kind: 'words', text: raw }
}
