import { syntaxTree } from '@codemirror/language'
import type { EditorState, TransactionSpec } from '@codemirror/state'
import { fold, wordsOf } from '#shared/domain/title-fold.ts'

/** What the slash menu offers, in the order it lists them. */
export type SlashChoiceId =
  | 'heading1'
  | 'heading2'
  | 'heading3'
  | 'bulleted'
  | 'numbered'
  | 'task'
  | 'table'
  | 'code'
  | 'quote'
  | 'callout'
  | 'pageLink'
  | 'file'
  | 'rule'

/**
 * A choice that writes a block of Markdown: `cursor` is where the person types next, counted in
 * `markdown` (its end when absent); `blankBefore` when the block needs an empty line above it to
 * stay what it is (a `---` under a paragraph would make it a heading).
 */
export type BlockChoice = {
  id: SlashChoiceId
  kind: 'block'
  mark: string
  markdown: string
  cursor?: number
  blankBefore?: boolean
  /** A list item: chosen in another list item, it takes that item's marks rather than nesting. */
  isListItem?: boolean
}

/** A choice that does something rather than write: opens the page links, or a file picker. */
export type ActionChoice = { id: 'pageLink' | 'file'; kind: 'pageLink' | 'file'; mark: string }

export type SlashChoice = BlockChoice | ActionChoice

const TABLE = '|  |  |\n| --- | --- |\n|  |  |'

/** Every choice of the menu, with the Markdown it writes (`mark`: a reminder of it, shown beside the name). */
export const SLASH_CHOICES: readonly SlashChoice[] = [
  { id: 'heading1', kind: 'block', mark: '#', markdown: '# ' },
  { id: 'heading2', kind: 'block', mark: '##', markdown: '## ' },
  { id: 'heading3', kind: 'block', mark: '###', markdown: '### ' },
  { id: 'bulleted', kind: 'block', mark: '-', markdown: '- ', isListItem: true },
  { id: 'numbered', kind: 'block', mark: '1.', markdown: '1. ', isListItem: true },
  { id: 'task', kind: 'block', mark: '- [ ]', markdown: '- [ ] ', isListItem: true },
  // The cursor goes in the first header cell.
  { id: 'table', kind: 'block', mark: '| |', markdown: TABLE, cursor: 2, blankBefore: true },
  // The cursor goes on the empty line inside the fences.
  { id: 'code', kind: 'block', mark: '```', markdown: '```\n\n```', cursor: 4 },
  { id: 'quote', kind: 'block', mark: '>', markdown: '> ' },
  { id: 'callout', kind: 'block', mark: '> [!NOTE]', markdown: '> [!NOTE]\n> ' },
  { id: 'pageLink', kind: 'pageLink', mark: '[[ ]]' },
  { id: 'file', kind: 'file', mark: '![ ]( )' },
  { id: 'rule', kind: 'block', mark: '---', markdown: '---\n', blankBefore: true },
]

/** Where typing is literal: code, raw HTML, addresses. A `/` or `[[` there opens nothing. */
const LITERAL = new Set([
  'FencedCode',
  'CodeBlock',
  'InlineCode',
  'CodeText',
  'HTMLBlock',
  'CommentBlock',
  'URL',
])

/**
 * Whether `pos` is inside code, raw HTML or an address, where the writing aids stay quiet; a code
 * span being typed (an odd number of backticks before it on its line) counts, unclosed as it is.
 */
export function isLiteralAt(state: EditorState, pos: number): boolean {
  const line = state.doc.lineAt(pos)
  if ((line.text.slice(0, pos - line.from).match(/`/g)?.length ?? 0) % 2 === 1) return true
  let node = syntaxTree(state).resolveInner(pos, -1)
  for (;;) {
    if (LITERAL.has(node.name)) return true
    if (!node.parent) return false
    node = node.parent
  }
}

/**
 * The slash being typed before `pos` and the word after it, when the slash opens the menu: at the
 * start of a line or after a space, outside code. A slash inside a word, an address or a path
 * (`a/b`, `https://`) is only a slash.
 */
export function slashQueryAt(state: EditorState, pos: number): { from: number; query: string } | null {
  const line = state.doc.lineAt(pos)
  const match = /(?:^|\s)\/([\p{L}\p{N}]*)$/u.exec(line.text.slice(0, pos - line.from))
  if (!match) return null
  const from = pos - (match[1] ?? '').length - 1
  return isLiteralAt(state, from) ? null : { from, query: match[1] ?? '' }
}

/**
 * The choices whose name, or one of the other words they answer to, starts with what was typed
 * (accents and case aside); those whose name starts so come first. `describe` gives a choice's name
 * and other words in the person's language.
 */
export function matchingChoices(
  query: string,
  describe: (id: SlashChoiceId) => { label: string; keywords: string },
): SlashChoice[] {
  const wanted = fold(query)
  if (wanted === '') return [...SLASH_CHOICES]
  const byName: SlashChoice[] = []
  const byOtherWord: SlashChoice[] = []
  for (const choice of SLASH_CHOICES) {
    const { label, keywords } = describe(choice.id)
    if (wordsOf(label).some((word) => word.startsWith(wanted))) byName.push(choice)
    else if (wordsOf(`${keywords} ${choice.id}`).some((word) => word.startsWith(wanted)))
      byOtherWord.push(choice)
  }
  return [...byName, ...byOtherWord]
}

/** A line start made only of container marks (list item, task, quote), inside which a block can start. */
const CONTAINER_START = /^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?|>\s?)*$/

/** The marks of a list item ending a line start (`- `, `1. `, `- [ ] `). */
const LIST_MARKS = /(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?$/

/**
 * The edit that replaces the typed `/word` (`from`..`to`) by a block choice, and puts the cursor
 * where the person types next. At the start of a line (or of a list item or quote) the block is
 * written there; after words, it starts on a new paragraph, so the words stay as they were.
 */
export function blockEdit(
  state: EditorState,
  choice: BlockChoice,
  from: number,
  to: number,
): TransactionSpec {
  const line = state.doc.lineAt(from)
  const before = line.text.slice(0, from - line.from)
  let start = from
  let lead = ''
  if (!CONTAINER_START.test(before)) {
    // The spaces before the slash would end the paragraph's line: they go with it.
    start = from - (before.length - before.trimEnd().length)
    lead = '\n\n'
  } else if (choice.isListItem) {
    // `- /task` makes the item a task rather than a list inside it.
    start = from - (LIST_MARKS.exec(before)?.[0].length ?? 0)
  } else if (
    choice.blankBefore &&
    before.trim() === '' &&
    line.number > 1 &&
    state.doc.line(line.number - 1).text.trim() !== ''
  ) {
    lead = '\n'
  }
  const cursor = start + lead.length + (choice.cursor ?? choice.markdown.length)
  return {
    changes: { from: start, to, insert: lead + choice.markdown },
    selection: { anchor: cursor },
    scrollIntoView: true,
    userEvent: 'input.complete',
  }
}
