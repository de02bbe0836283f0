/** The vector scaled to length 1, or undefined when it has no direction (all zeros). */
export function unit(vector: Float32Array): Float32Array | undefined {
  let sum = 0
  for (const value of vector) sum += value * value
  if (!(sum > 0) || !Number.isFinite(sum)) return undefined
  const scale = 1 / Math.sqrt(sum)
  return vector.map((value) => value * scale)
}
