/**
 * The environment of the Git programs that serve spaces: the server's own, without GIT_* variables
 * that would point them elsewhere (GIT_DIR, GIT_INDEX_FILE... when started from a Git hook), plus
 * `config` passed as command-line configuration and the given variables.
 */
export function gitEnv(
  config: Record<string, string>,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value
  const entries = Object.entries(config)
  env.GIT_CONFIG_COUNT = String(entries.length)
  entries.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key
    env[`GIT_CONFIG_VALUE_${i}`] = value
  })
  return { ...env, ...extra }
}

/** Yields a body's chunks, failing once more than `maxBytes` came: a client cannot fill the disk. */
export async function* capped(body: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0
  for await (const chunk of body) {
    total += chunk.length
    if (total > maxBytes) throw new BodyTooLargeError(maxBytes)
    yield chunk
  }
}

/** A request body over its cap. */
export class BodyTooLargeError extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(`the request is larger than ${limit} bytes`)
    this.name = 'BodyTooLargeError'
    this.limit = limit
  }
}
