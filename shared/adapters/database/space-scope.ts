import type { IndexStore, SpaceIndexStore } from '../../ports/index-store.ts'
import type { SpaceTextIndex, SpaceVectorIndex, TextIndex, VectorIndex } from '../../ports/search-index.ts'

/** The methods of a space-scoped port, each taking the space's id first: how adapters write them. */
export type PerSpace<Scoped> = {
  [K in keyof Scoped]: Scoped[K] extends (...args: infer A) => infer R
    ? (spaceId: number, ...args: A) => R
    : never
}

/**
 * A port whose `forSpace(id)` gives `scoped` methods bound to that space, from an adapter's methods
 * that take the space's id first; the others (searches over several spaces) pass through.
 */
export function scopedBySpace<Scoped extends object, Shared extends object>(
  flat: PerSpace<Scoped> & Shared,
  scoped: readonly (keyof Scoped)[],
): Shared & { forSpace(spaceId: number): Scoped } {
  const shared = { ...flat } as Record<string, unknown>
  for (const key of scoped) delete shared[key as string]
  return {
    ...(shared as Shared),
    forSpace: (spaceId: number) =>
      Object.fromEntries(
        scoped.map((key) => {
          const method = flat[key] as (spaceId: number, ...args: unknown[]) => unknown
          return [key, (...args: unknown[]) => method(spaceId, ...args)]
        }),
      ) as Scoped,
  }
}

/**
 * `Listed` when it names every method of `Scoped`, else never: a method left out of a port's list
 * would be missing from its `forSpace` at run time, though every adapter has it.
 */
type EveryMethod<Scoped, Listed extends readonly (keyof Scoped)[]> = [
  Exclude<keyof Scoped, Listed[number]>,
] extends [never]
  ? Listed
  : never

/** The index store as adapters write it: every method takes the space's id first. */
export type FlatIndexStore = PerSpace<SpaceIndexStore>
export const INDEX_STORE_SCOPED = [
  'files',
  'shas',
  'pageTerms',
  'file',
  'filesAt',
  'upsert',
  'remove',
  'clear',
  'links',
  'linksInto',
  'state',
  'setState',
  'unembedded',
  'markEmbedded',
  'forgetEmbedded',
  'embedProgress',
] as const satisfies readonly (keyof SpaceIndexStore)[]

/** The word index as adapters write it. */
export type FlatTextIndex = PerSpace<SpaceTextIndex> & Omit<TextIndex, 'forSpace'>
export const TEXT_INDEX_SCOPED = [
  'upsert',
  'remove',
  'clear',
  'text',
  'paths',
] as const satisfies readonly (keyof SpaceTextIndex)[]

/** The vector index as adapters write it. */
export type FlatVectorIndex = PerSpace<SpaceVectorIndex> & Omit<VectorIndex, 'forSpace'>
export const VECTOR_INDEX_SCOPED = [
  'upsert',
  'remove',
  'clear',
  'counts',
  'paths',
  'pageVector',
  'chunkVectors',
] as const satisfies readonly (keyof SpaceVectorIndex)[]

/** The IndexStore port over an adapter's methods. */
export function indexStoreOf(flat: FlatIndexStore): IndexStore {
  return scopedBySpace<SpaceIndexStore, object>(
    flat,
    INDEX_STORE_SCOPED satisfies EveryMethod<SpaceIndexStore, typeof INDEX_STORE_SCOPED>,
  )
}

/** The TextIndex port over an adapter's methods. */
export function textIndexOf(flat: FlatTextIndex): TextIndex {
  return scopedBySpace<SpaceTextIndex, Omit<TextIndex, 'forSpace'>>(
    flat,
    TEXT_INDEX_SCOPED satisfies EveryMethod<SpaceTextIndex, typeof TEXT_INDEX_SCOPED>,
  )
}

/** The VectorIndex port over an adapter's methods. */
export function vectorIndexOf(flat: FlatVectorIndex): VectorIndex {
  return scopedBySpace<SpaceVectorIndex, Omit<VectorIndex, 'forSpace'>>(
    flat,
    VECTOR_INDEX_SCOPED satisfies EveryMethod<SpaceVectorIndex, typeof VECTOR_INDEX_SCOPED>,
  )
}
