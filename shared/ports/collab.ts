/**
 * The live editing of pages: each page edited live has a document (its Yjs state as last committed)
 * and a log of the updates received since, kept before they are passed on, until a flush commits them.
 */

/** A page's live document as the database keeps it. */
export type CollabDoc = {
  id: number
  spaceId: number
  /** The file's path in the repository (`content/...`). */
  path: string
  /** The Yjs state of the text last committed (or read from Git): the base outside changes apply to. */
  state: Uint8Array
  /** The blob id of that text in Git: when the file at the tip differs, an outside change came in. */
  baseBlob: string
  /** A flush that was about to commit when its process stopped (null once settled). */
  intent: FlushIntent | null
}

/**
 * What a flush is about to commit, kept before the commit: if the process dies between the commit
 * and the settling, the next load finds `blob` in the page's history after `head` and settles then.
 */
export type FlushIntent = {
  /** The blob id of the text being committed. */
  blob: string
  /** The tip the commit is made on. */
  head: string | null
  /** The updates the text holds. */
  seqs: number[]
  /** The document's state with exactly those updates. */
  state: Uint8Array
}

/** One update received in a live session (or made from an outside change: no account). */
export type CollabUpdate = {
  seq: number
  /** Who typed it; null for an outside change (a REST write, a sync, a push) entering the document. */
  accountId: number | null
  update: Uint8Array
  at: number
}

/** An update to add to a document's log. */
export type NewCollabUpdate = { docId: number; accountId: number | null; update: Uint8Array; at: number }

export interface CollabLog {
  /** The live document of a page, or undefined when none is kept. */
  doc(spaceId: number, path: string): Promise<CollabDoc | undefined>
  /** Keeps a page's new live document, unless another instance kept one first: answers the one kept. */
  seed(spaceId: number, path: string, state: Uint8Array, baseBlob: string, at: number): Promise<CollabDoc>
  /** Adds an update to a document's log; answers its sequence number. */
  append(docId: number, accountId: number | null, update: Uint8Array, at: number): Promise<number>
  /**
   * Adds updates of any documents in one transaction (one disk sync for all): all or none are kept.
   * Answers their sequence numbers, in the order given.
   */
  appendMany(rows: NewCollabUpdate[]): Promise<number[]>
  /** A document's updates not yet committed, oldest first. */
  pending(docId: number): Promise<CollabUpdate[]>
  /**
   * After a flush, in one transaction: the document's state becomes `state` (the text just committed,
   * whose blob is `baseBlob`), the updates `seqs` (folded into it) leave the log, and the flush's
   * intent is forgotten.
   */
  settle(docId: number, state: Uint8Array, baseBlob: string, seqs: number[], at: number): Promise<void>
  /**
   * In one transaction: the updates `seqs` of the document leave its log, and `update` (holding all
   * they held) joins it in their place, in the name of `accountId`; answers its sequence number. A log
   * that cannot be committed for a while grows with every keystroke (text typed and deleted again is
   * kept), where the document's state holds only what is there.
   */
  compact(
    docId: number,
    seqs: number[],
    update: Uint8Array,
    accountId: number | null,
    at: number,
  ): Promise<number>
  /** Keeps what a flush is about to commit (null: forgets it, the commit was not made). */
  intend(docId: number, intent: FlushIntent | null): Promise<void>
  /** Forgets a document and its log (its page is gone; unflushed text was kept as a note). */
  drop(docId: number): Promise<void>
  /**
   * Documents with updates not yet committed: the next start commits them. With `openedBefore`, only
   * those no instance touched since (the instance holding them is gone, and another takes them over).
   */
  unsettled(openedBefore?: number): Promise<{ id: number; spaceId: number; path: string }[]>
  /** Marks documents as open now (an instance keeps them in memory), so pruning leaves them. */
  touch(docIds: number[], at: number): Promise<void>
  /** Forgets documents with nothing to commit, not open anywhere since `before`; answers how many. */
  prune(before: number): Promise<number>
}
