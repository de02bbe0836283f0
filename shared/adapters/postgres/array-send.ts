// Vectors are read in PostgreSQL's binary array format (array_send): parsing thousands of floats from
// text costs several times more. The header is the number of dimensions, a flags word and the element
// type, then size and lower bound per dimension; each element is its length (4) and a big-endian float.
/** A one-dimensional `real[]` from the bytes of `array_send`. */
export function floatsOfArraySend(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const ndim = view.getInt32(0)
  if (ndim === 0) return new Float32Array(0)
  if (ndim !== 1) throw new Error(`expected a vector, got an array of ${ndim} dimensions`)
  const length = view.getInt32(12)
  const out = new Float32Array(length)
  let at = 20
  for (let i = 0; i < length; i++) {
    const size = view.getInt32(at)
    out[i] = size === 4 ? view.getFloat32(at + 4) : Number.NaN
    at += 4 + Math.max(size, 0)
  }
  return out
}
