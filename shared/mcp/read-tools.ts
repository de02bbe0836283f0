import { z } from 'zod'
import { presentCommit, presentSpace } from '../api/present.ts'
import { presentItem } from '../api/routes/inbox.ts'
import { COMMIT_ID } from '../domain/git-names.ts'
import { isReadOnly } from '../domain/policy.ts'
import { localeOf } from '../services/access/actor.ts'
import { fileHistory, HISTORY_PAGE, listTree, readFile } from '../services/content/content-files.ts'
import { getInboxItem, listInbox } from '../services/inbox/inbox.ts'
import { searchPending } from '../services/inbox/search-pending.ts'
import { healthReport, relatedTo } from '../services/quality/quality-reports.ts'
import { SEARCH_LIMIT_MAX, search } from '../services/search/search.ts'
import { listVisibleSpaces } from '../services/spaces/list-spaces.ts'
import { filesText, healthText, inboxItemText, moreText, oneLine, searchResultText } from './texts.ts'
import { defineTool, READ_ONLY, SPACE, SPACES, spaceRef } from './tool.ts'

const PATH = z
  .string()
  .min(1)
  .max(1000)
  .describe('A path under the space’s content folder, e.g. "guides/setup.md"')

const listSpaces = defineTool({
  name: 'list_spaces',
  title: 'List spaces',
  description:
    'Every space you can read, as "<org>/<space>" with its name and your role there (reader, contributor, admin). Start here to know where to search, read or write.',
  input: z.object({}),
  annotations: READ_ONLY,
  async run({ deps, actor }) {
    const spaces = (await listVisibleSpaces(deps, actor)).map(presentSpace)
    // A read-only connection writes nowhere, whatever the person's role.
    const as = (role: string) => (isReadOnly(actor.credential) ? `${role}; this connection reads only` : role)
    const lines = spaces.map((s) => `- ${s.organization}/${s.slug}: ${s.name} (${as(s.role)})`)
    return { text: lines.join('\n') || 'No space.', structured: { spaces } }
  },
})

const searchPages = defineTool({
  name: 'search',
  title: 'Search pages',
  description:
    'Finds pages by words and meaning (mode "auto", the default) or by words only (mode "text"); with regex: true, q is a regular expression matched line by line. Results come best first with snippets and line numbers; verified pages rank a little higher. Read a result with read_page.',
  input: z.object({
    q: z
      .string()
      .min(1)
      .max(1000)
      .describe('What to look for: words, a question, or a regular expression with regex'),
    spaces: SPACES.optional().describe(
      'Only these spaces ("<org>/<space>"); every readable space when absent',
    ),
    mode: z.enum(['auto', 'text']).optional().describe('"auto": words and meaning; "text": words only'),
    regex: z.boolean().optional().describe('Treat q as a regular expression'),
    limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).optional().describe('How many results (default 10)'),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, input) {
    const { results, pendingCount } = await search(deps, actor, input)
    const lines = results.map((r, i) => searchResultText(r, i + 1))
    const pending =
      pendingCount > 0 ? `\n${pendingCount} pending inbox note(s) also match: see search_pending.` : ''
    return {
      text: (lines.join('\n') || 'No result.') + pending,
      structured: { results, pending_count: pendingCount },
    }
  },
})

/** How far into a list to start: with `limit`, for lists too long for one answer. */
const OFFSET = z
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .describe('How many items to skip (default 0), to read a long list in parts')

const listPages = defineTool({
  name: 'list_pages',
  title: 'List pages',
  description:
    'The files of a space (Markdown pages and others), by path, with their title and size, optionally only those under a folder. Long lists come in parts (limit, offset).',
  input: z.object({
    space: SPACE,
    folder: z.string().max(1000).optional().describe('Only files under this folder, e.g. "guides"'),
    limit: z.number().int().min(1).max(1000).optional().describe('How many files (default 200)'),
    offset: OFFSET.optional(),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, { space, folder, limit, offset }) {
    const prefix = folder?.replace(/^\/+|\/+$/g, '')
    const all = await listTree(deps, actor, spaceRef(space))
    const matching = prefix ? all.filter((f) => f.path.startsWith(`${prefix}/`)) : all
    const from = offset ?? 0
    const pages = matching.slice(from, from + (limit ?? 200))
    const text = (
      (filesText(pages) || (matching.length > 0 ? '' : 'No file.')) +
      moreText(pages.length, from, matching.length)
    ).trim()
    return { text, structured: { pages, total: matching.length } }
  },
})

/** Most lines one read of part of a file gives. */
const LINES_MAX = 5000

const readPage = defineTool({
  name: 'read_page',
  title: 'Read a page',
  description:
    'A file’s text (for a PDF, an Office document or an image, the text extracted from it), its sha (pass it as base_sha to write_page) and, for a page, its freshness (verified, owner, review due). A long file can be read in parts: from_line and lines.',
  input: z.object({
    space: SPACE,
    path: PATH,
    from_line: z.number().int().min(1).optional().describe('The first line to read (1 for the top)'),
    lines: z
      .number()
      .int()
      .min(1)
      .max(LINES_MAX)
      .optional()
      .describe(`How many lines (at most ${LINES_MAX})`),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, { space, path, from_line: fromLine, lines }) {
    const whole = await readFile(deps, actor, spaceRef(space), path)
    const part =
      fromLine === undefined && lines === undefined ? undefined : linesOf(whole.text, fromLine, lines)
    const file = part ? { ...whole, text: part.text, lines: part.range } : whole
    const fresh = file.freshness
    // The owner is anyone's words: on one line, so it cannot pass for more lines of this header.
    const owner = fresh?.owner ? oneLine(fresh.owner) : undefined
    const state = fresh
      ? `\nfreshness: ${fresh.state}${owner ? `, owner ${owner}` : ''}${fresh.review_due ? `, review due ${fresh.review_due}` : ''}`
      : ''
    const isPastEnd = part !== undefined && part.range.to < part.range.from && whole.text !== ''
    const range = !part
      ? ''
      : isPastEnd
        ? `\nlines: none from line ${fromLine}, the file has ${part.range.total}`
        : `\nlines: ${part.range.from}–${part.range.to} of ${part.range.total}${part.range.to < part.range.total ? ` (more: call again with from_line ${part.range.to + 1})` : ''}`
    const header = `path: ${file.path}\nsha: ${file.sha}${file.extracted ? '\n(text extracted from the file)' : ''}${state}${range}`
    // A file with no text to show is said to be so: an empty answer reads as an empty page.
    const body = isPastEnd
      ? `(past the end of the file: call again with a from_line up to ${part.range.total})`
      : file.text === '' && file.size > 0
        ? `(${noTextNote(file)})`
        : file.text
    return { text: `${header}\n\n${body}`, structured: file }
  },
})

const pageHistory = defineTool({
  name: 'page_history',
  title: 'Page history',
  description: 'The commits that changed a file, newest first: who, when and why.',
  input: z.object({
    space: SPACE,
    path: PATH,
    limit: z.number().int().min(1).max(500).optional().describe(`How many commits (default ${HISTORY_PAGE})`),
    before: z
      .string()
      .regex(COMMIT_ID)
      .optional()
      .describe('For older commits: the full commit id of the last one listed'),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, { space, path, limit, before }) {
    const size = limit ?? HISTORY_PAGE
    const commits = (await fileHistory(deps, actor, spaceRef(space), path, size, before)).map(presentCommit)
    const lines = commits.map((c) => `- ${c.date} ${c.author}: ${c.subject} (${c.commit.slice(0, 10)})`)
    // A full page may have older commits after it: the way to them is said.
    const last = commits.at(-1)
    if (last && commits.length === size)
      lines.push(`(older commits may follow: call again with before: ${last.commit})`)
    return { text: lines.join('\n') || 'No commit.', structured: { commits } }
  },
})

const relatedPages = defineTool({
  name: 'related_pages',
  title: 'Related pages',
  description:
    'Pages related to a Markdown page, by meaning, shared words, links and folder, best first, each with the reason.',
  input: z.object({
    space: SPACE,
    path: PATH,
    limit: z.number().int().min(1).max(20).optional().describe('How many pages (default 5)'),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor, locale }, { space, path, limit }) {
    // The reasons are worded in the account's own language when it chose one, as GET .../related does.
    const related = await relatedTo(deps, actor, spaceRef(space), path, {
      limit: limit ?? 5,
      locale: localeOf(actor, locale),
    })
    const lines = related.map((r) => `- ${r.path}: ${r.title} (${r.score}, ${r.label})`)
    return { text: lines.join('\n') || 'No related page.', structured: { related } }
  },
})

const health = defineTool({
  name: 'health',
  title: 'Wiki health',
  description:
    'The health of a space: broken links (with a suggestion), orphan, empty and untitled pages, pages not changed for months, and verified pages due for review.',
  input: z.object({
    space: SPACE,
    months: z
      .number()
      .int()
      .min(1)
      .max(120)
      .optional()
      .describe('A page unchanged this long is stale (default 6)'),
    limit: z.number().int().min(1).max(500).optional().describe('Most items per list (default 50)'),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, { space, months, limit }) {
    const report = await healthReport(deps, actor, spaceRef(space), {
      months: months ?? 6,
      limit: limit ?? 50,
    })
    return {
      text: healthText(report),
      structured: { ...report, counts: { ...report.counts } },
    }
  },
})

const listInboxItems = defineTool({
  name: 'list_inbox',
  title: 'List the inbox',
  description:
    'A space’s inbox, newest first: notes waiting to be filed ("note"), notes the tidy-up left with a reason ("left"), and pages changed directly in Git since last reviewed ("change").',
  input: z.object({
    space: SPACE,
    kind: z.enum(['note', 'change', 'left']).optional().describe('Only items of this kind'),
    limit: z.number().int().min(1).max(500).optional().describe('How many items (default 100)'),
    offset: OFFSET.optional(),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, { space, kind, limit, offset }) {
    const { items, total } = await listInbox(deps, actor, spaceRef(space), {
      kind,
      limit: limit ?? 100,
      offset: offset ?? 0,
    })
    const shown = items.map(presentItem)
    const lines = shown.map(inboxItemText)
    const more = moreText(shown.length, offset ?? 0, total)
    return {
      text: [`${total} item(s)`, ...lines].join('\n') + more,
      structured: { items: shown, total },
    }
  },
})

const readInboxItem = defineTool({
  name: 'read_inbox_item',
  title: 'Read an inbox item',
  description:
    'One item of a space’s inbox by its name (from list_inbox or search_pending): a note’s whole text, or for a page changed in Git, its commits and diff.',
  input: z.object({
    space: SPACE,
    name: z.string().min(1).max(300).describe('The item’s name, as list_inbox gives it'),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, { space, name }) {
    const item = await getInboxItem(deps, actor, spaceRef(space), name)
    const shown = { ...presentItem(item), body: item.body }
    const by = `${oneLine(item.depositedBy)}, ${item.depositedAt}`
    return { text: `${inboxItemText(shown)}\n(${by})\n\n${item.body}`, structured: shown }
  },
})

const searchPendingNotes = defineTool({
  name: 'search_pending',
  title: 'Search pending notes',
  description:
    'Inbox notes not filed yet that contain all the words of q (accents and case ignored), newest first.',
  input: z.object({
    q: z.string().min(1).max(500).describe('Words the notes must all contain'),
    spaces: SPACES.optional().describe(
      'Only these spaces ("<org>/<space>"); every readable space when absent',
    ),
  }),
  annotations: READ_ONLY,
  async run({ deps, actor }, input) {
    const notes = (await searchPending(deps, actor, input)).map((n) => ({
      space: n.space,
      name: n.name,
      title: n.title,
      deposited_by: n.depositedBy,
      deposited_at: n.depositedAt,
    }))
    const lines = notes.map(
      (n) => `- ${n.space} ${n.name}: ${n.title} (${n.deposited_by}, ${n.deposited_at})`,
    )
    return { text: lines.join('\n') || 'No pending note.', structured: { notes } }
  },
})

/** The tools that read, open to every credential. */
export const readTools = [
  listSpaces,
  searchPages,
  listPages,
  readPage,
  pageHistory,
  relatedPages,
  health,
  listInboxItems,
  readInboxItem,
  searchPendingNotes,
]

/** Lines `from`… of a text (`count` of them, else to LINES_MAX), with where they stand in it. */
function linesOf(text: string, from = 1, count = LINES_MAX) {
  const all = text.split('\n')
  // A final line break ends the last line; it opens no line of its own.
  if (all.length > 1 && all.at(-1) === '') all.pop()
  const start = Math.min(from, all.length + 1)
  const taken = all.slice(start - 1, start - 1 + count)
  return {
    text: taken.join('\n'),
    range: { from: start, to: start - 1 + taken.length, total: all.length },
  }
}

/** Why a file shows no text: what it is, and how large. */
function noTextNote(file: { kind: string; size: number }): string {
  if (file.kind === 'image' || file.kind === 'document')
    return `no text was found in this ${file.kind}, of ${file.size} bytes`
  return `no text can be shown: a binary file of ${file.size} bytes`
}
