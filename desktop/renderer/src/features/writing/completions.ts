import {
  type Completion,
  type CompletionContext,
  type CompletionResult,
  type CompletionSource,
  pickedCompletion,
} from '@codemirror/autocomplete'
import type { EditorState, TransactionSpec } from '@codemirror/state'
import type { EditorView } from '@codemirror/view'
import i18n from '../../app/i18n.ts'
import type { WritingContext } from './context.ts'
import { pickFiles } from './file-picker.ts'
import { linkTargetEdit, linkTargetQueryAt, matchingTargets } from './link-targets.ts'
import { matchingPages, pageLinkEdit, pageLinkQueryAt } from './page-links.ts'
import {
  blockEdit,
  matchingChoices,
  type SlashChoice,
  type SlashChoiceId,
  slashQueryAt,
} from './slash-menu.ts'

/** The type of the slash menu's `Link to a page`: picking it opens the `[[` menu at once. */
export const OPENS_PAGE_LINKS = 'writing-page-link'

/** A choice's name and the other words it answers to, in the person's language. */
function describe(id: SlashChoiceId): { label: string; keywords: string } {
  return { label: i18n.t(`writing.choice.${id}`), keywords: i18n.t(`writing.keywords.${id}`) }
}

/** Writes a choice in place of the typed `/word`, or does what it stands for. */
function applyChoice(
  view: EditorView,
  choice: SlashChoice,
  completion: Completion,
  range: { from: number; to: number },
  context: () => WritingContext,
): void {
  const picked = pickedCompletion.of(completion)
  if (choice.kind === 'block') {
    view.dispatch(blockEdit(view.state, choice, range.from, range.to), { annotations: picked })
    return
  }
  const insert = choice.kind === 'pageLink' ? '[[' : ''
  view.dispatch({
    changes: { ...range, insert },
    selection: { anchor: range.from + insert.length },
    userEvent: 'input.complete',
    annotations: picked,
  })
  if (choice.kind === 'file') pickFiles((files) => context().upload(files))
}

/** The slash menu's list: `/` at the start of a line or after a space, filtered by the word after it. */
function slashMenu(cx: CompletionContext, context: () => WritingContext): CompletionResult | null {
  const at = slashQueryAt(cx.state, cx.pos)
  if (!at) return null
  const choices = matchingChoices(at.query, describe)
  if (choices.length === 0) return null
  return {
    from: at.from,
    to: cx.pos,
    filter: false,
    options: choices.map((choice) => ({
      label: describe(choice.id).label,
      detail: choice.mark,
      type: choice.kind === 'pageLink' ? OPENS_PAGE_LINKS : 'writing-choice',
      apply: (view, completion, from, to) => applyChoice(view, choice, completion, { from, to }, context),
    })),
  }
}

/** A menu of pages for the words from `from` to the cursor: each choice written by its own edit. */
function pagesMenu<T>(
  from: number,
  to: number,
  found: readonly T[],
  describe: (item: T) => {
    label: string
    detail: string
    edit: (state: EditorState, from: number, to: number) => TransactionSpec
  },
): CompletionResult | null {
  if (found.length === 0) return null
  return {
    from,
    to,
    filter: false,
    options: found.map((item) => {
      const { label, detail, edit } = describe(item)
      return {
        label,
        detail,
        type: 'writing-page',
        apply: (view, completion, start, end) =>
          view.dispatch(edit(view.state, start, end), { annotations: pickedCompletion.of(completion) }),
      }
    }),
  }
}

/** The `[[` menu's list: the space's pages by title (their path beside), the best answers first. */
function pageLinkMenu(cx: CompletionContext, context: () => WritingContext): CompletionResult | null {
  const at = pageLinkQueryAt(cx.state, cx.pos)
  if (!at) return null
  const { path, pages } = context()
  const found = matchingPages(
    pages().filter((page) => page.path !== path),
    at.query,
  )
  return pagesMenu(at.from, cx.pos, found, (page) => ({
    label: page.title,
    detail: page.path,
    edit: (state, from, to) => pageLinkEdit(state, context().path, page, from, to),
  }))
}

/** The `](` menu's list: the space's pages by their link target from this page, to finish a link. */
function linkTargetMenu(cx: CompletionContext, context: () => WritingContext): CompletionResult | null {
  const at = linkTargetQueryAt(cx.state, cx.pos)
  if (!at) return null
  const { path, pages } = context()
  return pagesMenu(at.from, cx.pos, matchingTargets(path, pages(), at.query), (choice) => ({
    label: choice.target,
    detail: choice.title,
    edit: (state, from, to) => linkTargetEdit(state, choice.target, from, to),
  }))
}

/**
 * The writing aids' menus as one completion source, whose list is made again at once on each key
 * typed while it is open. Autocompletion greys a list out (and Enter does not choose from it) while
 * any source is still to answer the last key: one source answering at once never leaves it so.
 */
export function writingMenus(context: () => WritingContext): CompletionSource {
  const answer = (cx: CompletionContext): CompletionResult | null => {
    const result = pageLinkMenu(cx, context) ?? linkTargetMenu(cx, context) ?? slashMenu(cx, context)
    return result && { ...result, update: (_current, _from, _to, next) => answer(next) }
  }
  return answer
}
