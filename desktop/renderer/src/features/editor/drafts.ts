/** What the person typed and has not saved yet, kept for the tab's life so a reload loses nothing. */
export type Draft = { text: string; baseSha: string; message: string; path?: string }

const PREFIX = 'quire.draft:'

/** The sessionStorage key of a page's draft (`new:` + folder for a page not created yet). */
export function draftKey(org: string, space: string, page: string): string {
  return `${PREFIX}${org}/${space}/${page}`
}

/** The draft kept under a key, if any (storage may be disabled or full: then there is none). */
export function readDraft(key: string): Draft | undefined {
  try {
    const raw = sessionStorage.getItem(key)
    if (!raw) return undefined
    const draft = JSON.parse(raw) as Partial<Draft>
    if (typeof draft.text !== 'string' || typeof draft.baseSha !== 'string') return undefined
    return {
      text: draft.text,
      baseSha: draft.baseSha,
      message: typeof draft.message === 'string' ? draft.message : '',
      path: typeof draft.path === 'string' ? draft.path : undefined,
    }
  } catch {
    return undefined
  }
}

/** Keeps a draft; a full or disabled storage only means no copy. */
export function writeDraft(key: string, draft: Draft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft))
  } catch {
    // Nothing to do: the text is still in the editor.
  }
}

/** Forgets a draft once it is saved or discarded. */
export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key)
  } catch {
    // Storage disabled: there was nothing kept.
  }
}
