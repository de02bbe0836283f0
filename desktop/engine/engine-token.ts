import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { replaceFile } from '#shared/adapters/git/durable-files.ts'
import { TOKEN_PREFIX } from '#shared/domain/limits.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Account } from '#shared/ports/store.ts'

/** The file that keeps the engine's token, sealed with the data folder's key. */
const TOKEN_FILE = 'engine-token.sealed'
/** The name of the engine's token among the person's tokens. */
export const ENGINE_TOKEN_NAME = 'Desktop'

/**
 * The engine's credential: a personal token of the person, the same at every start so the local
 * assistants' configuration keeps working. Kept sealed in the data folder (the database holds only
 * its digest); made again when the file is gone or the token was revoked.
 */
export async function ensureEngineToken(deps: Deps, person: Account, dataDir: string): Promise<string> {
  const file = join(dataDir, TOKEN_FILE)
  const sealed = await readFile(file, 'utf8').catch(() => '')
  if (sealed) {
    try {
      const token = deps.cipher.open(sealed.trim())
      const found = await deps.store.tokens.byHash(deps.secrets.digest(token))
      if (found?.account.id === person.id) return token
    } catch {
      // Sealed with another key or damaged: a new token replaces it.
    }
  }
  const token = deps.secrets.mint(TOKEN_PREFIX)
  await deps.store.tokens.create({
    id: deps.secrets.id(),
    accountId: person.id,
    name: ENGINE_TOKEN_NAME,
    hint: token.slice(-4),
    readOnly: false,
    spaceIds: null,
    createdAt: deps.clock.now(),
    expiresAt: null,
    lastUsedAt: null,
    secretHash: deps.secrets.digest(token),
  })
  await replaceFile(file, `${deps.cipher.seal(token)}\n`, { mode: 0o600 })
  return token
}
