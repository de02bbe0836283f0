import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { ObjectType } from './loose-objects.ts'

const TYPE_CODES: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3 }

/** The variable-length header of a pack entry: type in bits 4-6 of the first byte, then the size. */
function entryHeader(type: ObjectType, size: number): Buffer {
  const bytes: number[] = []
  let byte = (TYPE_CODES[type] << 4) | (size & 0x0f)
  let rest = Math.floor(size / 16)
  while (rest > 0) {
    bytes.push(byte | 0x80)
    byte = rest & 0x7f
    rest = Math.floor(rest / 128)
  }
  bytes.push(byte)
  return Buffer.from(bytes)
}

/** A version 2 packfile holding the given objects whole (no deltas), with its SHA-1 trailer. */
export function buildPack(objects: { type: ObjectType; content: Uint8Array }[]): Uint8Array {
  const header = Buffer.alloc(12)
  header.write('PACK', 0, 'ascii')
  header.writeUInt32BE(2, 4)
  header.writeUInt32BE(objects.length, 8)
  const parts: Buffer[] = [header]
  for (const object of objects) {
    parts.push(entryHeader(object.type, object.content.length), deflateSync(object.content, { level: 1 }))
  }
  const body = Buffer.concat(parts)
  return Buffer.concat([body, createHash('sha1').update(body).digest()])
}
