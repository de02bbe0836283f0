/** Vector and text helpers shared by the embedders (plain functions: they run in worker threads too). */

/** A copy of the vector scaled to length 1, so a dot product is a cosine similarity. */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const out = new Float32Array(values.length)
  let sum = 0
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!
    if (!Number.isFinite(value)) throw new Error('the model returned a vector with a non-finite value')
    out[i] = value
    sum += value * value
  }
  // A zero vector has no direction: passing it on would give NaN similarities in the index.
  if (sum === 0) throw new Error('the model returned a zero vector')
  const scale = 1 / Math.sqrt(sum)
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * scale
  return out
}

export { cosine } from '../../domain/cosine.ts'

/**
 * The text cut after `maxWords` words and at most `maxChars` characters, whichever comes first. It scans
 * only the part it keeps, so a huge text costs no more than a short one.
 */
export function truncateText(text: string, maxWords: number, maxChars: number): string {
  const words = /\S+/g
  let end = 0
  for (let count = 0; count < maxWords; count++) {
    const match = words.exec(text)
    if (!match) return text.length <= maxChars ? text : cutAt(text, maxChars)
    end = match.index + match[0].length
    if (end >= maxChars) return cutAt(text, maxChars)
  }
  return text.slice(0, end)
}

/** Cuts at a character count without splitting a surrogate pair (half an emoji is not valid text). */
function cutAt(text: string, maxChars: number): string {
  const code = text.charCodeAt(maxChars - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? maxChars - 1 : maxChars)
}
