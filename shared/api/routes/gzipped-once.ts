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
