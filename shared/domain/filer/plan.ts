/** The built-in filer: files inbox notes into the wiki by word similarity, with no model, offline. */
import { foldText } from '../text-words.ts'
import { decide } from './decide.ts'
import { buildIndex, type PageIndex } from './page-index.ts'
import { noteTitle } from './page-text.ts'
import { reasonText } from './reasons.ts'
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
    const { decision, lang } = decide(note, title, index, vocabulary)
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
        operations.push({ kind: 'leave', note: note.name, reason: reasonText(decision.reason, lang) })
        break
    }
  }
  return { operations, summary: summarize(operations) }
}
