import { contentPath, relativeToContent } from '../../domain/content-path.ts'
import { type FileKind, kindOf } from '../../domain/file-kinds.ts'
import { type Freshness, freshnessOf } from '../../domain/freshness.ts'
import { readFrontMatter } from '../../domain/front-matter.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { CommitInfo, FileEntry } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { titleFromName, titleOfPage } from '../pages/page-titles.ts'
import { asText } from './check-secrets.ts'
import { type ExtractedTextDeps, extractedText } from './extracted-text.ts'

export type SpaceRef = { org: string; space: string }

/** Placeholder files that keep empty folders in Git; not shown as content. */
const isPlaceholder = (path: string) => path.endsWith('/.gitkeep') || path === '.gitkeep'

/** A tree entry: a page adds its title, any other file `null`. */
export type TreeEntry = FileEntry & { title: string | null }

export type ListTreeDeps = AccessSpaceDeps & Pick<Deps, 'repos' | 'store'>

/**
 * Most pages whose title a tree listing reads from their file because the index has not read their
 * version yet: the few just written, so a new title shows at once, and never a whole space at a cost
 * that grows with it (a space not indexed yet lists the others by their file names).
 */
const FRESH_TITLE_READS = 20

/**
 * Every file under `content/` (path relative to it, size, blob id). A page carries the title the
 * search index knows for it, read for the whole space in one query; the few pages changed since the
 * index read them are read themselves, and past that a page goes by what the index last knew, else
 * by its file name, as the index names a page without a title of its own.
 */
export async function listTree(deps: ListTreeDeps, actor: Actor, ref: SpaceRef): Promise<TreeEntry[]> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repo = deps.repos.open(space.id, space.branch)
  const [entries, indexed] = await Promise.all([
    repo.list('content'),
    deps.store.index.forSpace(space.id).files(),
  ])
  const known = new Map(indexed.filter((f) => f.kind === 'markdown').map((f) => [f.path, f]))
  const files = entries
    .map((e) => ({ ...e, path: relativeToContent(e.path) }))
    .filter((e) => !isPlaceholder(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const unread = files
    .filter((e) => kindOf(e.path) === 'markdown' && known.get(e.path)?.sha !== e.sha)
    .slice(0, FRESH_TITLE_READS)
  const fresh = new Map(
    await Promise.all(
      unread.map(async (e) => {
        const bytes = await repo.readBlob(e.sha)
        return [e.path, bytes ? titleOfPage(e.path, bytes) : undefined] as const
      }),
    ),
  )
  return files.map((e): TreeEntry => {
    if (kindOf(e.path) !== 'markdown') return { ...e, title: null }
    return { ...e, title: fresh.get(e.path) || known.get(e.path)?.title || titleFromName(e.path) }
  })
}

export type FileRead = {
  path: string
  kind: FileKind
  sha: string
  size: number
  text: string
  extracted: boolean
  freshness?: Freshness
}

export type ReadFileDeps = AccessSpaceDeps & ExtractedTextDeps & Pick<Deps, 'clock' | 'repos'>

/**
 * A file's kind, blob id and text (extracted from documents and images); freshness for a page.
 * `at` reads the file as it was at a commit of the space (404 when that commit does not exist or
 * the file was absent then).
 */
export async function readFile(
  deps: ReadFileDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  at?: string,
): Promise<FileRead> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repoPath = contentPath(path)
  const repo = deps.repos.open(space.id, space.branch)
  if (at !== undefined && !(await repo.commitInfo(at))) throw new DomainError('not_found')
  const file = await repo.read(repoPath, at)
  if (!file) throw new DomainError('not_found')
  const kind = kindOf(repoPath)
  const base = { path: relativeToContent(repoPath), kind, sha: file.sha, size: file.bytes.length }
  if (kind === 'document' || kind === 'image') {
    return {
      ...base,
      text: (await extractedText(deps, file.sha, file.bytes, repoPath)) ?? '',
      extracted: true,
    }
  }
  const text = asText(file.bytes)
  if (text === undefined) return { ...base, kind: 'binary', text: '', extracted: false }
  if (kind !== 'markdown') return { ...base, text, extracted: false }
  return {
    ...base,
    text,
    extracted: false,
    freshness: freshnessOf(readFrontMatter(text), space.reviewEvery, deps.clock.now()),
  }
}

export type ReadRawDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/** A file's raw bytes and repository path. */
export async function readRaw(
  deps: ReadRawDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
): Promise<{ path: string; sha: string; bytes: Uint8Array }> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repoPath = contentPath(path)
  const file = await deps.repos.open(space.id, space.branch).read(repoPath)
  if (!file) throw new DomainError('not_found')
  return { path: repoPath, ...file }
}

export type FileHistoryDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/** Commits that changed a file, newest first. */
export async function fileHistory(
  deps: FileHistoryDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  limit: number,
): Promise<CommitInfo[]> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  return deps.repos.open(space.id, space.branch).history(contentPath(path), limit)
}
