/**
 * Trees already listed, by commit. A commit's files never change under its id, and a page's title is
 * read from its file at that commit, so a tree kept under its commit is never stale: a write makes a
 * new commit, which every instance sees as the branch tip and lists afresh. Only a tree listed while
 * the search index was behind (some titles guessed from file names) is read again a second after,
 * in the background, so that better titles show soon after the index catches up.
 */

/** What one commit's listing keeps. */
export type Kept<T> = { value: T; bytes: number; complete: boolean; at: number }

/** How old a listing with guessed titles may be before it is read anew (in the background). */
export const GUESSED_TITLES_MS = 1_000

/** A bounded map from commit to listing, least recently used first out, with one reading per commit at a time. */
export class TreeCache<T> {
  readonly #kept = new Map<string, Kept<T>>()
  readonly #reading = new Map<string, Promise<Kept<T>>>()
  #bytes = 0
  readonly #maxBytes: number

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes
  }

  /**
   * The listing of `commit`: the one kept, else the one being read by another request, else the
   * one `read` gives (kept unless larger than the whole budget).
   */
  async get(commit: string, read: () => Promise<Omit<Kept<T>, 'at'>>): Promise<T> {
    const kept = this.#kept.get(commit)
    if (kept) {
      // Most recently used last: a Map keeps insertion order.
      this.#kept.delete(commit)
      this.#kept.set(commit, kept)
      // A listing with guessed titles is read again once old, in the background: the caller is
      // answered at once with the one kept, as callers were before the index caught up.
      if (!kept.complete && performance.now() - kept.at >= GUESSED_TITLES_MS)
        this.#read(commit, read).catch(() => {})
      return kept.value
    }
    return (await this.#read(commit, read)).value
  }

  /** The listing of `commit` read once, however many ask for it meanwhile, then kept. */
  #read(commit: string, read: () => Promise<Omit<Kept<T>, 'at'>>): Promise<Kept<T>> {
    let reading = this.#reading.get(commit)
    if (!reading) {
      reading = read().then((listing) => ({ ...listing, at: performance.now() }))
      this.#reading.set(commit, reading)
      void reading
        .then((listing) => this.#keep(commit, listing))
        .catch(() => {})
        .finally(() => this.#reading.delete(commit))
    }
    return reading
  }

  /** The listing kept for `commit`, if any, whatever its age (for reading the next commit's from it). */
  peek(commit: string): T | undefined {
    return this.#kept.get(commit)?.value
  }

  #keep(commit: string, listing: Kept<T>): void {
    const before = this.#kept.get(commit)
    if (before) {
      this.#kept.delete(commit)
      this.#bytes -= before.bytes
    }
    if (listing.bytes > this.#maxBytes) return
    while (this.#bytes + listing.bytes > this.#maxBytes) {
      const [oldest, entry] = this.#kept.entries().next().value as [string, Kept<T>]
      this.#kept.delete(oldest)
      this.#bytes -= entry.bytes
    }
    this.#kept.set(commit, listing)
    this.#bytes += listing.bytes
  }
}
