/** The built-in filer: files inbox notes into the wiki by words and meaning, with no AI provider, offline. */
import { detectLanguage, foldText } from '../text-words.ts'
import { decide } from './decide.ts'
import { readHint } from './hints.ts'
import { buildIndex, type PageIndex } from './page-index.ts'
import { noteTitle } from './page-text.ts'
import { reasonText } from './reasons.ts'
import { buildQuery, scorePages } from './score.ts'
import { appendedSection, type NewPageTarget, newPagePath, newPageText } from './sections.ts'
import type { FilerNote, FilingInput, FilingOperation, FilingPlan } from './types.ts'
import { folderVocabulary } from './vocation.ts'

export { buildIndex, type PageIndex }

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** The one-line English summary of a plan: "Filed 7 notes (5 appended, 2 new pages), left 1." */
export function summarize(operations: readonly FilingOperation[]): string {
  const appended = operations.filter((o) => o.kind === 'append').length
  const created = operations.filter((o) => o.kind === 'create').length
  const left = operations.length - appended - created
  return `Filed ${plural(appended + created, 'note', 'notes')} (${appended} appended, ${plural(created, 'new page', 'new pages')}), left ${left}.`
}

/** How many pages, best by words, the service measures each note's meaning against. */
export const MEANING_CANDIDATES = 5

/**
 * The pages worth measuring each note's meaning against, by note name: its best pages by words. Notes
 * a hint places, and pages no note touches, need no vectors.
 */
export function meaningCandidates(
  input: Omit<FilingInput, 'meaning'>,
  index: PageIndex,
): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const note of input.notes) {
    const hint = readHint(note.hint, index)
    if (hint.kind === 'page' || hint.kind === 'new-page') continue
    const title = noteTitle(note.title, note.text, note.name)
    const lang = detectLanguage(`${title}\n${note.text}`, index.language)
    const query = buildQuery(title, note.text, hint.kind === 'words' ? hint.text : '', lang, index)
    const ranked = scorePages(query, index, new Map(), hint.kind === 'folder' ? hint.folder : undefined)
    out.set(
      note.name,
      ranked.slice(0, MEANING_CANDIDATES).map((s) => index.pages[s.page]!.path),
    )
  }
  return out
}

// Deterministic: the same input gives the same plan. `index` must come from buildIndex(input.pages); the
// service may keep it between plans while the pages do not change.
/** Plans where each note goes: appended to the closest page, a new page in the fitting folder, or left. */
export function planFiling(input: FilingInput, index: PageIndex = buildIndex(input.pages)): FilingPlan {
  const vocabulary = folderVocabulary(input.vocation, index)
  // Folded paths of the pages this plan creates: a later note bound for one joins it instead.
  const created = new Set<string>()
  const operations: FilingOperation[] = []
  const toNewPage = (note: FilerNote, title: string, target: NewPageTarget) => {
    if (target.kind === 'append') {
      const text = appendedSection(title, note.text, input.today, false)
      operations.push({ kind: 'append', note: note.name, path: target.path, text })
      return
    }
    created.add(foldText(target.path))
    operations.push({
      kind: 'create',
      note: note.name,
      path: target.path,
      text: newPageText(title, note.text),
    })
  }
  for (const note of input.notes) {
    const title = noteTitle(note.title, note.text, note.name)
    const { decision, lang } = decide(note, title, index, vocabulary, input.meaning?.get(note.name))
    switch (decision.kind) {
      case 'append': {
        const page = index.pages[decision.page]!
        const text = appendedSection(title, note.text, input.today, page.crlf)
        operations.push({ kind: 'append', note: note.name, path: page.path, text })
        break
      }
      case 'create':
        toNewPage(note, title, newPagePath(decision.folder, title, index.takenPaths, created))
        break
      case 'create-at': {
        const path = decision.path
        toNewPage(note, title, { kind: created.has(foldText(path)) ? 'append' : 'create', path })
        break
      }
      case 'leave':
        operations.push({
          kind: 'leave',
          note: note.name,
          reason: reasonText(decision.reason, lang),
          ...(decision.candidates.length > 0
            ? { candidates: decision.candidates.map((page) => index.pages[page]!.path) }
            : {}),
        })
        break
    }
  }
  return { operations, summary: summarize(operations) }
}
