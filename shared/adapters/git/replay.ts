import fs from 'node:fs'
import git from 'isomorphic-git'
import type { Conflict } from '../../ports/repo.ts'
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
 * its author, time and message. A file both sides changed keeps the remote's version and becomes a
 * conflict, as does a local file where the remote now has a folder, or one under a path the remote
 * made a file. Returns the new tip (the remote's when nothing was left to replay) and the conflicts.
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
    const replay = new Map<string, string | null>()
    for (const change of await diffTrees(g, parentTree, commit.tree)) {
      const entry = await entryAt(g, ontoTree, change.path)
      const theirs = entry?.type === 'blob' ? entry.oid : null
      if (theirs === change.before) replay.set(change.path, change.after)
      else if (theirs !== change.after)
        conflicts.set(change.path, { path: change.path, localSha: change.after, remoteSha: theirs })
    }
    const pendingNow = () => [...replay].map(([path, blob]) => ({ parts: path.split('/'), blob }))
    let clash = await findClash(g, ontoTree, pendingNow())
    while (clash) {
      const at = clash.path
      const blocked = [...replay.keys()].filter((path) => path === at || path.startsWith(`${at}/`))
      if (blocked.length === 0) break
      for (const path of blocked) {
        conflicts.set(path, { path, localSha: replay.get(path) ?? null, remoteSha: null })
        replay.delete(path)
      }
      clash = await findClash(g, ontoTree, pendingNow())
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
