import { afterEach, beforeEach } from 'vitest'

/**
 * A fresh, empty search index and two spaces it may index (an adapter whose tables refer to
 * spaces creates them), with how to let go of it.
 */
export type IndexFixture<Index> = {
  index: Index
  spaces: readonly [number, number]
  close: () => Promise<void> | void
}

/** Builds a fresh index for each test. */
export type MakeIndex<Index> = () => Promise<IndexFixture<Index>>

/** Gives each test of the calling `describe` a fresh index, closed afterwards. */
export function freshIndex<Index>(makeIndex: MakeIndex<Index>): () => IndexFixture<Index> {
  let fixture: IndexFixture<Index> | undefined
  beforeEach(async () => {
    fixture = await makeIndex()
  })
  afterEach(async () => {
    await fixture?.close()
    fixture = undefined
  })
  return () => {
    if (!fixture) throw new Error('the index is only there inside a test')
    return fixture
  }
}
