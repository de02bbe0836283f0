import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Embedder } from '../../ports/embedder.ts'
import { memoryEmbedder } from '../fakes/memory-embedder.ts'
import { vectorMemo } from './vector-memo.ts'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The model, counting the texts it is asked to embed. */
function counted(model: Embedder): Embedder & { asked: string[] } {
  const asked: string[] = []
  const embed = (texts: string[]) => {
    asked.push(...texts)
    return model.embed(texts)
  }
  return { ...model, asked, embed }
}

describe('kept vectors of the built-in model', () => {
  it('gives the model’s vectors, and after recording gives them again without asking the model', async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-memo-'))
    const file = join(dir, 'vectors.bin')
    const texts = ['alpha beta', 'gamma delta', 'alpha beta']
    const model = counted(memoryEmbedder())
    const expected = await memoryEmbedder().embed(texts)

    const recording = vectorMemo(model, file, true)
    expect(await recording.embed(texts)).toEqual(expected)
    expect(recording.misses).toBe(2)
    recording.save()

    const kept = counted(memoryEmbedder())
    const replay = vectorMemo(kept, file, false)
    expect(await replay.embed([...texts, 'new words'])).toEqual(
      await memoryEmbedder().embed([...texts, 'new words']),
    )
    expect(kept.asked).toEqual(['new words'])
    expect(replay.misses).toBe(1)
    // Not recording: the file stays as it was.
    const before = readFileSync(file)
    replay.save()
    expect(readFileSync(file)).toEqual(before)
  })

  it('keeps nothing of another model’s vectors', async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-memo-'))
    const file = join(dir, 'vectors.bin')
    const first = vectorMemo(memoryEmbedder(), file, true)
    await first.embed(['alpha beta'])
    first.save()
    const other = counted({ ...memoryEmbedder(), id: 'another-model' })
    const memo = vectorMemo(other, file, false)
    await memo.embed(['alpha beta'])
    expect(other.asked).toEqual(['alpha beta'])
  })
})
