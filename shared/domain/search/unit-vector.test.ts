import { describe, expect, it } from 'vitest'
import { unit } from './unit-vector.ts'

describe('unit', () => {
  it('scales a vector to length 1, keeping its direction', () => {
    expect(Array.from(unit(new Float32Array([3, 4])) ?? [])).toEqual([
      expect.closeTo(0.6),
      expect.closeTo(0.8),
    ])
  })

  it('leaves the input as it was', () => {
    const vector = new Float32Array([0, 2])
    unit(vector)
    expect(Array.from(vector)).toEqual([0, 2])
  })

  it('has no answer for a vector without direction or with values that are not numbers', () => {
    expect(unit(new Float32Array([0, 0, 0]))).toBeUndefined()
    expect(unit(new Float32Array(0))).toBeUndefined()
    expect(unit(new Float32Array([Number.POSITIVE_INFINITY, 1]))).toBeUndefined()
    expect(unit(new Float32Array([Number.NaN, 1]))).toBeUndefined()
  })
})
