import git from 'isomorphic-git'
import type { Conflict } from '../../ports/repo.ts'
import { durableFs as fs } from './durable-files.ts'
import { serializeCommit, stageObject } from './loose-objects.ts'
import { type ChainCommit, parentTreeAt } from './objects.ts'
import { diffTrees, entryAt, findClash, type GitDir, type Pending, treeOf, updateTree } from './trees.ts'

/** A tree with the changes applied: the empty tree when nothing is left, as a commit needs one. */
export async function treeWith(g: GitDir, tree: string | undefined, changes: Pending[]): Promise<string> {
  return (await updateTree(g, tree, changes)) ?? stageObject(g.gitdir, 'tree', new Uint8Array(), g.pending)
}

/** Stages a commit object of one parent (none for a first commit); `when` defaults to now, in UTC. */
export function stageCommit(
  g: GitDir,
  parent: string | undefined,
  tree: string,
  author: { name: string; email: string },
  message: string,
  when?: { timestamp: number; timezoneOffset: number },
): string {
  const at = when ?? { timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 }
  const content = serializeCommit({
    tree,
    parents: parent ? [parent] : [],
    author: { ...author, ...at },
    committer: { name: author.name, email: author.email, ...at },
    message,
  })
  return stageObject(g.gitdir, 'commit', content, g.pending, g.recent)
}

/**
 * Replays local commits (`chain`, oldest first, since the merge base) on the remote's tip, each with
 * its author, time and message. A commit goes on whole or not at all: when a file it changed was
 * changed by the remote too (or the remote now has a folder where it has a file, or a file on its
 * path), the remote's version stays and every file of the commit becomes a conflict, the ones that
 * would have gone on as well. Its parts may need each other: a note filed into a page leaves the
 * inbox, a moved page leaves its old path, and neither may happen without the other. Returns the new
 * tip (the remote's when nothing was left to replay) and the conflicts, each with the newest local
 * version of its file.
 */
export async function replayOnto(
  g: GitDir,
  chain: ChainCommit[],
  remote: string,
): Promise<{ onto: string; conflicts: Conflict[] }> {
  const conflicts = new Map<string, Conflict>()
  let onto = remote
  for (const [i, commit] of chain.entries()) {
    const c = (await git.readCommit({ fs, gitdir: g.gitdir, oid: commit.oid, cache: g.cache })).commit
    const parentTree = await parentTreeAt(g, chain, i)
    const ontoTree = await treeOf(g, onto)
    // What goes on (the remote's version is the one this commit started from), and what clashes.
    const replay = new Map<string, { after: string | null; theirs: string | null }>()
    const clashing = new Map<string, Conflict>()
    for (const change of await diffTrees(g, parentTree, commit.tree)) {
      const entry = await entryAt(g, ontoTree, change.path)
      const theirs = entry?.type === 'blob' ? entry.oid : null
      if (theirs === change.before) replay.set(change.path, { after: change.after, theirs })
      else if (theirs !== change.after)
        clashing.set(change.path, { path: change.path, localSha: change.after, remoteSha: theirs })
      // Both sides made the same change: nothing to replay, and no conflict left on this file.
      else conflicts.delete(change.path)
    }
    const pendingNow = () => [...replay].map(([path, { after }]) => ({ parts: path.split('/'), blob: after }))
    let clash = await findClash(g, ontoTree, pendingNow())
    while (clash) {
      const at = clash.path
      const blocked = [...replay.keys()].filter((path) => path === at || path.startsWith(`${at}/`))
      if (blocked.length === 0) break
      for (const path of blocked) {
        // The remote's version of it stays where it was: the clash is with what is around it.
        clashing.set(path, {
          path,
          localSha: replay.get(path)?.after ?? null,
          remoteSha: replay.get(path)?.theirs ?? null,
        })
        replay.delete(path)
      }
      clash = await findClash(g, ontoTree, pendingNow())
    }
    if (clashing.size > 0) {
      for (const [path, { after, theirs }] of replay)
        clashing.set(path, { path, localSha: after, remoteSha: theirs })
      for (const conflict of clashing.values()) conflicts.set(conflict.path, conflict)
      continue
    }
    const pending: Pending[] = pendingNow()
    if (pending.length === 0) continue
    const tree = await treeWith(g, ontoTree, pending)
    if (tree === ontoTree) continue
    onto = stageCommit(g, onto, tree, c.author, c.message, {
      timestamp: c.author.timestamp,
      timezoneOffset: c.author.timezoneOffset,
    })
  }
  return { onto, conflicts: [...conflicts.values()] }
}
