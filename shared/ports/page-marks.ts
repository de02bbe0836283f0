/** One commit's change to a page, as the change log keeps it: who, when, through what, and the blobs. */
export type PageCommit = {
  path: string
  commit: string
  author: string
  date: number
  subject: string
  /** The commit's `Source:` and `Via:` trailers ('' when absent). */
  source: string
  via: string
  /** The page's blob before and after the commit (null: absent). */
  before: string | null
  after: string | null
}

/**
 * A page changed since change tracking began: its latest change, the blob it had before its first
 * change (`before`) and the blob it has at the log's commit (`after`, null when deleted).
 */
export type ChangedPage = Omit<PageCommit, 'subject'> & {
  /** The path's key, which names the page's inbox item. */
  key: string
}

/** A page still to report, with the blob it was last seen at (null: seen deleted; undefined: never seen). */
export type PendingPage = ChangedPage & { seen: string | null | undefined }

/** Which pending pages to read: all of them, the first `limit` newest first, or the one of a key. */
export type PendingQuery = { limit?: number; key?: string }

/**
 * The blobs one space's pages had when last tidied or seen, and the change log: each commit's page
 * changes worked out once and kept, so what the inbox reports costs no walk through history.
 */
export interface PageMarkStore {
  get(): Promise<Map<string, string | null>>
  mark(marks: { path: string; sha: string | null }[], now: number): Promise<void>
  /** Starts reporting changes from `base` afresh (forgetting the marks and the change log). */
  resetChangeBase(base: string | null): Promise<void>
  /** The commit the change log has reached, or null when it has read none since the change base. */
  changeCursor(): Promise<string | null>
  /**
   * The pages still to report: changed since the change base (and not changed back), and not seen
   * at the blob they have now; newest change first (then by path), with how many there are in all.
   */
  pendingPages(query: PendingQuery): Promise<{ pages: PendingPage[]; total: number }>
  /**
   * Adds the changes of the commits after `from` up to `to` (`pages`: one per path, its latest
   * change; `commits`: each commit's changes, oldest first). A page already logged keeps its first
   * `before`. Writes nothing and answers false when the log is no longer at `from` (someone else
   * recorded these commits first).
   */
  recordChanges(
    from: string | null,
    to: string,
    pages: ChangedPage[],
    commits: PageCommit[],
  ): Promise<boolean>
  /** The logged commits that changed a page, newest first. */
  pageCommits(path: string, limit: number): Promise<PageCommit[]>
}
