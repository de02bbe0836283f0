import { relativeToContent } from '../../domain/content-path.ts'
import { caseFolded, isNonPortableName } from '../../domain/portable-names.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { RepoReader } from '../../ports/repo.ts'

/** The refusal of a path holding a name Windows cannot hold (any of its names), or undefined. */
export function unportableName(path: string): DomainError | undefined {
  const name = path.split('/').find(isNonPortableName)
  return name === undefined ? undefined : new DomainError('name_not_portable', { value: name.slice(0, 200) })
}

/** The refusal of a repository path beside `twin`, named the same but for case. */
export function caseTwinError(repoPath: string, twin: string): DomainError {
  return new DomainError('path_case_twin', {
    value: relativeToContent(repoPath),
    existing: relativeToContent(twin),
  })
}

/**
 * Why a file may not be created (or moved) at a repository path of `content/`, so that every clone
 * of the space can hold it: a name Windows cannot hold (`name_not_portable`), or a file or folder
 * already there whose name differs only by case (`path_case_twin`: one file on Windows and macOS).
 * `leaving` is a path the same change removes (a move's source): a file renamed by case is no twin,
 * nor a folder whose only file it is.
 * Undefined when the path may be used. Files that came in through Git are not judged here.
 */
export async function newPathFault(
  repo: Pick<RepoReader, 'caseTwin' | 'blobs'>,
  repoPath: string,
  leaving?: string,
): Promise<DomainError | undefined> {
  const unfit = unportableName(repoPath)
  if (unfit) return unfit
  const twin = await repo.caseTwin(repoPath)
  if (!twin || twin === leaving) return undefined
  // A folder renamed by case with its only file: it leaves nothing behind under the old name.
  if (leaving?.startsWith(`${twin}/`) && (await repo.blobs(twin)).length === 1) return undefined
  return caseTwinError(repoPath, twin)
}

/** Throws newPathFault's refusal, if any. */
export async function refuseNewPathFault(
  repo: Pick<RepoReader, 'caseTwin' | 'blobs'>,
  repoPath: string,
  leaving?: string,
): Promise<void> {
  const fault = await newPathFault(repo, repoPath, leaving)
  if (fault) throw fault
}

/**
 * The first file or folder among paths the same change writes that differs from `path` only by the
 * case of one of its names (a tidy-up run creating `Onboarding.md` and `onboarding.md`), or undefined.
 */
export function pendingTwin(paths: readonly string[], path: string): string | undefined {
  const parts = path.split('/')
  for (const other of paths) {
    const theirs = other.split('/')
    for (let i = 0; i < Math.min(parts.length, theirs.length); i++) {
      const mine = parts[i] as string
      const their = theirs[i] as string
      if (mine === their) continue
      if (caseFolded(mine) === caseFolded(their)) return theirs.slice(0, i + 1).join('/')
      break
    }
  }
  return undefined
}
