import { describe, expect, it } from 'vitest'
import { utf16Text } from './utf16-text.ts'

const text = 'Notes\r\nLe café est prêt.\n'

/** The UTF-16 bytes of a text, little- or big-endian, with or without a byte order mark. */
function utf16(value: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const units = [
    ...(bom ? [0xfeff] : []),
    ...Array.from({ length: value.length }, (_, i) => value.charCodeAt(i)),
  ]
  const bytes = new Uint8Array(units.length * 2)
  units.forEach((unit, i) => {
    bytes[2 * i + (endian === 'le' ? 0 : 1)] = unit & 0xff
    bytes[2 * i + (endian === 'le' ? 1 : 0)] = unit >> 8
  })
  return bytes
}

describe('utf16Text', () => {
  it.each([
    ['little-endian with a BOM', 'le', true],
    ['big-endian with a BOM', 'be', true],
    ['little-endian without a BOM', 'le', false],
    ['big-endian without a BOM', 'be', false],
  ] as const)('reads %s', (_name, endian, bom) => {
    expect(utf16Text(utf16(text, endian, bom))).toBe(text)
  })

  it('reads characters beyond the basic plane', () => {
    expect(utf16Text(utf16('Keys 🔑 here\n', 'le', true))).toBe('Keys 🔑 here\n')
  })

  it('leaves UTF-8 text, binary data and odd lengths alone', () => {
    expect(utf16Text(new TextEncoder().encode('plain text, no NUL'))).toBeUndefined()
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48])
    expect(utf16Text(png)).toBeUndefined()
    expect(utf16Text(Uint8Array.from([0x41, 0, 0x42, 0, 0x43]))).toBeUndefined()
    expect(utf16Text(Uint8Array.from([0x41, 0, 0x01, 0, 0x02, 0, 0x03, 0]))).toBeUndefined()
    expect(utf16Text(new Uint8Array(8))).toBeUndefined()
    expect(utf16Text(new Uint8Array())).toBeUndefined()
  })

  it('refuses a lone surrogate', () => {
    expect(utf16Text(Uint8Array.from([0xff, 0xfe, 0x41, 0, 0x00, 0xd8, 0x42, 0]))).toBeUndefined()
  })
})
