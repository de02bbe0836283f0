/** Credentials kept at most; past it the cache starts again empty rather than grow without bound. */
const MAX_ENTRIES = 10_000

/**
 * Credentials looked up by their digest, kept in memory under the database's credential generation.
 * That number is raised, in the same transaction, by every change that could refuse or alter a
 * credential (revocation, password change, deactivation, role change, sign-out) or someone's access
 * to a space (an organization or space made, changed or deleted, a membership given, changed or
 * removed), by this process or any other on the same database. The caller reads it before each
 * lookup: an entry stored under an older number is never answered, so a refused credential is
 * refused on the very next request.
 */
export type CredentialCache<T> = {
  /** The entry for `key` when it was stored under `generation`, the one just read. */
  get(key: string, generation: number): T | undefined
  /** Keeps `value`, read after `generation` was, unless another number has been seen meanwhile. */
  set(key: string, value: T, generation: number): void
  /** Changes the entries `match` picks in place (a token's or session's own bookkeeping). */
  update(match: (value: T) => boolean, change: (value: T) => T): void
}

/** An empty credential cache. */
export function credentialCache<T>(): CredentialCache<T> {
  let current: number | undefined
  const entries = new Map<string, T>()
  return {
    get(key, generation) {
      if (generation === current) return entries.get(key)
      // Another number (a restored database too): nothing kept is known to be current.
      entries.clear()
      current = generation
      return undefined
    },
    set(key, value, generation) {
      if (generation !== current) return
      if (entries.size >= MAX_ENTRIES) entries.clear()
      entries.set(key, value)
    },
    update(match, change) {
      for (const [key, value] of entries) if (match(value)) entries.set(key, change(value))
    },
  }
}

/**
 * Reads `read` once for all the callers that ask during one turn of the event loop, after the last
 * of them asked: at the turn's check phase, once every request the turn received has been read from
 * its socket and has asked. Each caller still gets a value read after it asked, so a change committed
 * before a request arrived is seen by it, as with a read of its own; under load, one read serves every
 * request of a turn instead of one each (a read transaction on SQLite, a round trip on PostgreSQL).
 */
export function readOncePerTurn<T>(read: () => T | Promise<T>): () => Promise<T> {
  let asked: Promise<T> | undefined
  return () =>
    (asked ??= new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        // Whoever asks from now on asks after this read started: it gets a read of its own.
        asked = undefined
        try {
          Promise.resolve(read()).then(resolve, reject)
        } catch (error) {
          reject(error)
        }
      })
    }))
}

/** A space with the caller's roles there, as `Store.spaceBySlugs` and `Store.spacesOfAccount` answer it. */
type SpaceAccess = { space: object; organization: object }

const copyAccess = <T extends SpaceAccess>(found: T): T => ({
  ...found,
  space: { ...found.space },
  organization: { ...found.organization },
})

/**
 * A store's read kept in memory under the credential generation, which every change to an
 * organization, a space or a membership raises too (migrations: SQLite 0008, PostgreSQL 0007). The
 * generation is read first, as for credentials: a space made, renamed or deleted, a member removed or
 * a role changed is seen by the very next request. What is not found is not kept.
 */
function keptUnderGeneration<Args extends unknown[], T>(
  generation: () => Promise<number>,
  read: (...args: Args) => T | undefined | Promise<T | undefined>,
  copy: (found: T) => T,
): (...args: Args) => Promise<T | undefined> {
  const cache = credentialCache<T>()
  return async (...args) => {
    const current = await generation()
    const key = JSON.stringify(args)
    const kept = cache.get(key, current)
    if (kept) return copy(kept)
    const found = await read(...args)
    if (!found) return undefined
    cache.set(key, found, current)
    return copy(found)
  }
}

/** `Store.spaceBySlugs` kept under the credential generation (see keptUnderGeneration). */
export function keptSpaceAccess<Args extends [string, string, number], T extends SpaceAccess>(
  generation: () => Promise<number>,
  read: (...args: Args) => T | undefined | Promise<T | undefined>,
): (...args: Args) => Promise<T | undefined> {
  return keptUnderGeneration(generation, read, copyAccess)
}

/** `Store.spacesOfAccount` kept under the credential generation (see keptUnderGeneration). */
export function keptSpacesOfAccount<T extends SpaceAccess>(
  generation: () => Promise<number>,
  read: (accountId: number, everything: boolean) => T[] | Promise<T[]>,
): (accountId: number, everything: boolean) => Promise<T[]> {
  const kept = keptUnderGeneration(generation, read, (found: T[]) => found.map(copyAccess))
  return async (accountId, everything) => (await kept(accountId, everything)) ?? []
}
