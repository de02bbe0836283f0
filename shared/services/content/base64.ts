const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const BASE64_UNPADDED = /^[A-Za-z0-9+/]*$/
/** Base64 characters checked and decoded at a time: 768 KiB of bytes, a few milliseconds of work. */
const SLICE_CHARS = 1024 * 1024

/** Lets timers and other requests run before the caller goes on. */
const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Decodes slice by slice into one buffer, pausing (at each `yield`) between slices; returns undefined,
 * having decoded nothing useful, when the text is not base64.
 */
function* decodeSlices(text: string): Generator<void, Uint8Array | undefined> {
  const clean = /\s/.test(text) ? text.replace(/\s+/g, '') : text
  if (clean.length % 4 !== 0) return undefined
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0
  const bytes = new Uint8Array((clean.length / 4) * 3 - padding)
  let offset = 0
  for (let start = 0; start < clean.length; start += SLICE_CHARS) {
    const part = clean.slice(start, start + SLICE_CHARS)
    const isLast = start + SLICE_CHARS >= clean.length
    // Padding may only end the whole text; slices are multiples of four characters.
    if (!(isLast ? BASE64 : BASE64_UNPADDED).test(part)) return undefined
    const decoded = Buffer.from(part, 'base64')
    bytes.set(decoded, offset)
    offset += decoded.length
    if (!isLast) yield
  }
  return bytes
}

/** The bytes of standard base64 text (whitespace ignored, padding required); undefined when it is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const steps = decodeSlices(text)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * The same as decodeBase64, letting other requests run between slices of about a megabyte: a file
 * of tens of megabytes would otherwise hold the event loop for a second.
 */
export async function decodeBase64Yielding(text: string): Promise<Uint8Array | undefined> {
  const steps = decodeSlices(text)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await yieldToLoop()
  }
}
