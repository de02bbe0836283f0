/**
 * Bytes answered again and again (a space's tree, the same until the next commit), gzipped once for
 * the clients that accept it: the tree of a 1,000-page space is 110 KB of JSON, which the server
 * otherwise copies whole into every answer.
 */
const gzipped = new WeakMap<Uint8Array, Promise<Uint8Array>>()

/** `body` gzipped, made on the first call for these bytes (the same array) and kept with them. */
export function gzippedOnce(body: Uint8Array): Promise<Uint8Array> {
  let made = gzipped.get(body)
  if (!made) {
    const stream = new Blob([body as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new CompressionStream('gzip'))
    made = new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer))
    gzipped.set(body, made)
  }
  return made
}

/** Whether a request's `Accept-Encoding` takes gzip (any `q` but 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}
