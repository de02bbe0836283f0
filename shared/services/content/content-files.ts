import { contentPath, relativeToContent } from '../../domain/content-path.ts'
import { type FileKind, kindOf } from '../../domain/file-kinds.ts'
import { type Freshness, freshnessOf } from '../../domain/freshness.ts'
import { readFrontMatter } from '../../domain/front-matter.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { FileCommit, FileEntry } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText } from './check-secrets.ts'
import { type ExtractedTextDeps, extractedText } from './extracted-text.ts'
import { type SpaceTreeDeps, spaceTree } from './space-tree.ts'

export type SpaceRef = { org: string; space: string }

/** A tree entry: a page adds its title, any other file `null`. */
export type TreeEntry = FileEntry & { title: string | null }

export type ListTreeDeps = SpaceTreeDeps

/** Every file under `content/` (path relative to it, size, blob id, a page's title), sorted by path. */
export async function listTree(
  deps: ListTreeDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<readonly TreeEntry[]> {
  return (await spaceTree(deps, actor, ref)).entries
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

/** How many commits a page of a file's history holds unless the caller says. */
export const HISTORY_PAGE = 50

/**
 * Commits that changed a file, newest first, following it back through its moves: a commit from
 * before one says where the file was then (`path`, relative to content/). `before`, the last commit
 * of a page, gives the next one.
 */
export async function fileHistory(
  deps: FileHistoryDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  limit: number,
  before?: string,
): Promise<FileCommit[]> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const repo = deps.repos.open(space.id, space.branch)
  const commits = await repo.history(contentPath(path), limit, true, before)
  return commits.map((c) => (c.path === undefined ? c : { ...c, path: relativeToContent(c.path) }))
}
