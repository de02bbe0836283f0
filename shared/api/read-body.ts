import { DomainError } from '../errors/domain-error.ts'

/**
 * The bytes of a request body, read only up to `maxBytes`: a larger body, announced or streamed, is
 * refused with 413 `too_large` as soon as it is known to be too large, and its stream is cancelled.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const announced = Number(request.headers.get('content-length') ?? Number.NaN)
  if (announced > maxBytes) throw new DomainError('too_large', { limit: maxBytes })
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new DomainError('too_large', { limit: maxBytes })
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
