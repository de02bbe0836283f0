import git, { type TreeEntry } from 'isomorphic-git'
import { durableFs as fs } from './durable-files.ts'
import type { ObjectType } from './loose-objects.ts'
import { buildPack } from './pack-writer.ts'
import { type CommitHeader, commitHeader, type GitDir, readTree, treeOf } from './trees.ts'

/** How a walk reads a tree's entries. */
export type TreeReader = (g: GitDir, oid: string) => Promise<TreeEntry[]>

/**
 * The ids a tree holds that another tree (undefined: none) lacks, itself included; trees are read
 * with `read` (the cached reader unless a caller checks each read).
 */
export async function newObjects(
  g: GitDir,
  base: string | undefined,
  tree: string,
  out: Set<string>,
  read: TreeReader = readTree,
): Promise<void> {
  if (tree === base) return
  out.add(tree)
  const old = new Map((base ? await read(g, base) : []).map((e) => [e.path, e]))
  for (const entry of await read(g, tree)) {
    const before = old.get(entry.path)
    if (before?.oid === entry.oid) continue
    if (entry.type === 'tree')
      await newObjects(g, before?.type === 'tree' ? before.oid : undefined, entry.oid, out, read)
    else if (entry.type === 'blob') out.add(entry.oid)
  }
}

/** A commit of a first-parent chain, with the header read while walking it. */
export type ChainCommit = CommitHeader & { oid: string }

/** First parents from `from` back to (excluding) `stop`, oldest first. */
export async function commitsSince(
  g: GitDir,
  from: string,
  stop: string | undefined,
): Promise<ChainCommit[]> {
  const chain: ChainCommit[] = []
  let current: string | undefined = from
  while (current && current !== stop) {
    const header = await commitHeader(g, current)
    chain.push({ oid: current, ...header })
    current = header.parents[0]
  }
  return chain.reverse()
}

/**
 * The tree of the first parent of `chain[i]`: the previous commit's, already read, so only the
 * oldest commit's parent is read again.
 */
export async function parentTreeAt(g: GitDir, chain: ChainCommit[], i: number): Promise<string | undefined> {
  const previous = chain[i - 1]
  if (previous) return previous.tree
  const parent = chain[i]?.parents[0]
  return parent ? treeOf(g, parent) : undefined
}

/**
 * A pack with what the commits after `known` add: each commit and the trees and blobs it changed.
 * Costs O(changes), not O(repository). Assumes the remote holds `known` and everything it reaches.
 */
export async function packSince(g: GitDir, tip: string, known: string | undefined): Promise<Uint8Array> {
  const oids = new Set<string>()
  const chain = await commitsSince(g, tip, known)
  for (const [i, commit] of chain.entries()) {
    oids.add(commit.oid)
    await newObjects(g, await parentTreeAt(g, chain, i), commit.tree, oids)
  }
  const objects = await Promise.all(
    [...oids].map(async (oid) => {
      const known = g.recent.get(oid)
      if (known) return known
      const { type, object } = await git.readObject({
        fs,
        gitdir: g.gitdir,
        oid,
        format: 'content',
        cache: g.cache,
      })
      return { type: type as ObjectType, content: object as Uint8Array }
    }),
  )
  return buildPack(objects)
}
