const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The bytes of standard base64 text (whitespace ignored, padding required); undefined when it is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const clean = text.replace(/\s+/g, '')
  if (clean.length % 4 !== 0 || !BASE64.test(clean)) return undefined
  return Uint8Array.from(Buffer.from(clean, 'base64'))
}
