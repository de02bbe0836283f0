/** Git's pkt-line framing (gitprotocol-common): 4 hex digits of length, then the payload. */

const encoder = new TextEncoder()

/** One pkt-line holding `payload`. */
export function pktLine(payload: string | Uint8Array): Uint8Array {
  const bytes = typeof payload === 'string' ? encoder.encode(payload) : payload
  const out = new Uint8Array(bytes.length + 4)
  out.set(encoder.encode((bytes.length + 4).toString(16).padStart(4, '0')), 0)
  out.set(bytes, 4)
  return out
}

/** The flush packet that ends a section. */
export const FLUSH = encoder.encode('0000')

/** Splits a buffer into pkt-line payloads; `null` marks a flush (or delimiter) packet. */
export function readPktLines(buffer: Uint8Array): (Uint8Array | null)[] {
  const lines: (Uint8Array | null)[] = []
  let at = 0
  const decoder = new TextDecoder()
  while (at + 4 <= buffer.length) {
    const length = Number.parseInt(decoder.decode(buffer.subarray(at, at + 4)), 16)
    if (Number.isNaN(length)) throw new Error('malformed pkt-line')
    if (length < 4) {
      lines.push(null)
      at += 4
      continue
    }
    if (at + length > buffer.length) throw new Error('truncated pkt-line')
    lines.push(buffer.subarray(at + 4, at + length))
    at += length
  }
  return lines
}

/** Concatenates byte arrays. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
