import fs from 'node:fs'
import git from 'isomorphic-git'
import type { ObjectType } from './loose-objects.ts'
import { buildPack } from './pack-writer.ts'
import { commitHeader, type GitDir, readTree, treeOf } from './trees.ts'

/** The ids a tree holds that another tree (undefined: none) lacks, itself included. */
async function newObjects(
  g: GitDir,
  base: string | undefined,
  tree: string,
  out: Set<string>,
): Promise<void> {
  if (tree === base) return
  out.add(tree)
  const old = new Map((base ? await readTree(g, base) : []).map((e) => [e.path, e]))
  for (const entry of await readTree(g, tree)) {
    const before = old.get(entry.path)
    if (before?.oid === entry.oid) continue
    if (entry.type === 'tree')
      await newObjects(g, before?.type === 'tree' ? before.oid : undefined, entry.oid, out)
    else if (entry.type === 'blob') out.add(entry.oid)
  }
}

/** First parents from `from` back to (excluding) `stop`, oldest first. */
export async function commitsSince(g: GitDir, from: string, stop: string | undefined): Promise<string[]> {
  const chain: string[] = []
  let current: string | undefined = from
  while (current && current !== stop) {
    chain.push(current)
    current = (await commitHeader(g, current)).parents[0]
  }
  return chain.reverse()
}

/**
 * A pack with what the commits after `known` add: each commit and the trees and blobs it changed.
 * Costs O(changes), not O(repository). Assumes the remote holds `known` and everything it reaches.
 */
export async function packSince(g: GitDir, tip: string, known: string | undefined): Promise<Uint8Array> {
  const oids = new Set<string>()
  for (const commit of await commitsSince(g, tip, known)) {
    oids.add(commit)
    const c = await commitHeader(g, commit)
    const parentTree = c.parents[0] ? await treeOf(g, c.parents[0]) : undefined
    await newObjects(g, parentTree, c.tree, oids)
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
