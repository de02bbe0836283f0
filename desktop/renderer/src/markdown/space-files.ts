/** What exists in a space, looked up by the path a link resolves to. */

/** A space's files and the folders they sit in, by exact path. */
type SpaceFiles = { files: Set<string>; folders: Set<string> }

// Built once per list of paths and kept while that array lives: every link of every page is looked up
// in the same sets (a new list of paths is a new array).
const kept = new WeakMap<readonly string[], SpaceFiles>()

function spaceFiles(paths: readonly string[]): SpaceFiles {
  let found = kept.get(paths)
  if (!found) {
    const folders = new Set<string>()
    for (const path of paths) {
      for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1))
        folders.add(path.slice(0, cut))
    }
    found = { files: new Set(paths), folders }
    kept.set(paths, found)
  }
  return found
}

/**
 * Whether a content-relative path names a file or a folder of the space, spelled exactly (Git tells
 * `Deploy.md` from `deploy.md`), as the server's link graph decides where a Markdown link leads.
 */
export function existsInSpace(paths: readonly string[], path: string): boolean {
  const { files, folders } = spaceFiles(paths)
  return files.has(path) || folders.has(path)
}
