/** Cosine similarity of two vectors of the same length (their dot product once both are unit length). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0
  let aa = 0
  let bb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    dot += x * y
    aa += x * x
    bb += y * y
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb)
}
