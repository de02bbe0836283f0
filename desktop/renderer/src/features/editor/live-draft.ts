import { fromBase64, toBase64 } from 'lib0/buffer'

/**
 * This tab's copy of a live page's document, kept while what the person typed has not been
 * committed yet: a reload, or typing done while the connection was down, loses nothing. It names
 * the server's document it belongs to, into which alone it may be merged.
 */
export type LiveDraft = { doc: number; state: Uint8Array }

const PREFIX = 'quire.live:'

/** The sessionStorage key of a live page's copy. */
export function liveDraftKey(org: string, space: string, path: string): string {
  return `${PREFIX}${org}/${space}/${path}`
}

/** The copy kept under a key, if any (storage may be disabled or full: then there is none). */
export function readLiveDraft(key: string): LiveDraft | undefined {
  try {
    const raw = sessionStorage.getItem(key)
    if (!raw) return undefined
    const kept = JSON.parse(raw) as { doc?: unknown; state?: unknown }
    if (typeof kept.doc !== 'number' || typeof kept.state !== 'string') return undefined
    return { doc: kept.doc, state: fromBase64(kept.state) }
  } catch {
    return undefined
  }
}

/** Keeps a copy; a full or disabled storage only means no copy. */
export function writeLiveDraft(key: string, draft: LiveDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ doc: draft.doc, state: toBase64(draft.state) }))
  } catch {
    // Nothing to do: the text is still in the editor and on its way to the server.
  }
}

/** Forgets the copy once what it holds is committed. */
export function clearLiveDraft(key: string): void {
  try {
    sessionStorage.removeItem(key)
  } catch {
    // Storage disabled: there was nothing kept.
  }
}
