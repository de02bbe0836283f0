/**
 * Text saved as UTF-16 (Windows editors and PowerShell's default), recognised by its byte order mark
 * or, without one, by the zero bytes that ASCII characters leave on one side of each pair.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what marks binary data
const BINARY = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\ufffe\uffff]/

/** Which byte order the bytes seem to be in, or undefined when they do not look like UTF-16. */
function byteOrder(bytes: Uint8Array): 'le' | 'be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'be'
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < bytes.length; i += 2) {
    if (bytes[i] === 0) evenZeros++
    if (bytes[i + 1] === 0) oddZeros++
    // Zeros on both sides already: binary, whatever the rest holds (a large file is not read to the end).
    if (evenZeros > 0 && oddZeros > 0) return undefined
  }
  // ASCII in little-endian is `A 0 B 0 …`: zeros on one side only. Binary data has zeros on both.
  if (oddZeros > 0 && evenZeros === 0) return 'le'
  if (evenZeros > 0 && oddZeros === 0) return 'be'
  return undefined
}

/** The text of UTF-16 bytes (LE or BE, with or without BOM), or undefined for anything else. */
export function utf16Text(bytes: Uint8Array): string | undefined {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return undefined
  const order = byteOrder(bytes)
  if (order === undefined) return undefined
  let little = bytes
  if (order === 'be') {
    little = new Uint8Array(bytes.length)
    for (let i = 0; i < bytes.length; i += 2) {
      little[i] = bytes[i + 1]!
      little[i + 1] = bytes[i]!
    }
  }
  let text: string
  try {
    text = new TextDecoder('utf-16le', { fatal: true }).decode(little)
  } catch {
    return undefined
  }
  return BINARY.test(text) ? undefined : text
}
