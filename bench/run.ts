import { createBuiltinEmbedder } from '../shared/adapters/embed/builtin-embedder.ts'
import { benchApiRequests } from './api-requests.ts'
import { benchDesktopClone } from './desktop-clone.ts'
import { benchDesktopEngine } from './desktop-engine.ts'
import { benchFilerCorpora } from './filer-corpora.ts'
import { benchFilerFit } from './filer-fit.ts'
import { benchGitClone } from './git-clone.ts'
import { benchGitWrites } from './git-writes.ts'
import { benchHealth } from './health.ts'
import { benchInbox } from './inbox.ts'
import { benchIndexing } from './indexing.ts'
import { benchLargeWrites } from './large-writes.ts'
import { benchLiveEditing } from './live-editing.ts'
import { benchLocalWrites } from './local-writes.ts'
import { benchMeaningModels } from './meaning-index.ts'
import { benchMeaningQuality } from './meaning-quality.ts'
import { benchMove } from './move.ts'
import { benchPostgres } from './postgres.ts'
import { benchRepoCheck, benchRepoCheckPacked } from './repo-check.ts'
import { benchRequestPath } from './request-path.ts'
import { benchSearch } from './search.ts'
import { benchSearchIndexes } from './search-indexes.ts'
import { benchFilerEvaluation, benchTidyFiler } from './tidy-filer.ts'
import { benchBundle, benchFirstScreen, benchPageOpen } from './web-app.ts'
import { benchEditor } from './web-editor.ts'
import { benchSwitcher } from './web-switcher.ts'
import { benchWebhooks } from './webhooks.ts'

let sqliteSearch: Awaited<ReturnType<typeof benchSearch>> | undefined

/** Each section: its heading and what it runs, in order. */
const sections: [string, () => Promise<unknown>][] = [
  [
    'API request path (real HTTP on loopback)',
    async () => {
      await benchApiRequests(2, 5)
      await benchApiRequests(10, 20)
    },
  ],
  [
    'Request path under load (wrk against the real server and a bare Hono route)',
    () => benchRequestPath(1_000, 10_000),
  ],
  [
    'Inbox of a space with a long history (change items from the change log)',
    async () => {
      await benchInbox(1_000, 10_000)
      await benchInbox(10_000, 100_000)
    },
  ],
  ['One-file writes to a space kept by the service (commit made durable)', () => benchLocalWrites()],
  ['Large writes: time, and the longest the event loop was held meanwhile', () => benchLargeWrites()],
  [
    'Live editing: keystroke to peer, memory per open page, flush beside a REST write (WebSockets on loopback)',
    () => benchLiveEditing(),
  ],
  ['Outgoing webhooks: from a page write to its event at a receiver on loopback', () => benchWebhooks(200)],
  [
    'One-file writes pushed to a smart-HTTP remote on loopback',
    async () => {
      await benchGitWrites(1_000)
      await benchGitWrites(10_000)
    },
  ],
  [
    "Cloning a space from the server's Git endpoint, beside git clone of its repository",
    () => benchGitClone(10_000),
  ],
  ['Health report of a large space with many broken links', () => benchHealth(3_000, 2_000, 2)],
  ['Moving a page of a large space, its links rewritten', () => benchMove(10_000)],
  [
    'Indexing 10,000 pages pushed at once, beside the requests waiting for the thread',
    () => benchIndexing(10_000),
  ],
  [
    'Web app (Chromium on loopback)',
    async () => {
      await benchBundle()
      await benchPageOpen(10_000)
      await benchFirstScreen(10_000)
    },
  ],
  ['Web editor (Chromium on loopback): ready to type, keystrokes in a long page', () => benchEditor(10_000)],
  [
    'Web quick switcher (Chromium on loopback), and its question to the server',
    () => benchSwitcher(10_000, 4),
  ],
  [
    'Tidy-up with the built-in filer',
    async () => {
      await benchTidyFiler(200)
      await benchTidyFiler(1_000)
      await benchFilerEvaluation()
      await benchFilerCorpora()
    },
  ],
  [
    'Search (real HTTP; the built-in static model for meaning), and MCP tool calls beside REST',
    async () => {
      await benchSearch(1_000)
      sqliteSearch = await benchSearch(10_000, { mcp: true })
    },
  ],
  [
    'Search at 100,000 pages (real HTTP; the built-in static model): mode=auto beside mode=text',
    () => benchSearch(100_000),
  ],
  [
    'Search with the built-in transformer (SERVICE_EMBEDDINGS_BUILTIN=transformer): mode=auto beside mode=text',
    async () => {
      const builtinEmbedder = createBuiltinEmbedder({ model: 'transformer' })
      try {
        await benchSearch(10_000, { builtinEmbedder, on: ', transformer' })
      } finally {
        await builtinEmbedder.close()
      }
    },
  ],
  ['Search indexes alone', () => benchSearchIndexes(100_000)],
  [
    'Meaning index build with the built-in model (static), beside the transformer on the same chunks',
    () => benchMeaningModels(10_000),
  ],
  [
    'Meaning model quality: static beside transformer, held-out installed docs (English, French)',
    () => benchMeaningQuality(),
  ],
  [
    'PostgreSQL beside SQLite, and two instances on one database',
    // Run alone, it needs SQLite's search figures first.
    async () => benchPostgres(10_000, sqliteSearch ?? (await benchSearch(10_000))),
  ],
  [
    'Desktop engine, and a space cloned on the desktop until searchable by meaning',
    async () => {
      await benchDesktopEngine(10_000)
      await benchDesktopClone(10_000)
    },
  ],
  // Last: it writes 21,000 durable commits, whose flushing would slow whatever ran next.
  [
    'Checking every repository at start',
    async () => {
      await benchRepoCheckPacked(10_000, 200)
      await benchRepoCheck(1_000, 20)
    },
  ],
]

/** Tools run only when named: not measures, but what makes the measured code's constants. */
const tools: [string, () => Promise<void>][] = [
  ['Append model: fits it again and prints its constants', () => benchFilerFit()],
]

/**
 * `npm run bench`: every benchmark, printing median and p95 of each measured operation;
 * `npm run bench -- desktop search` runs only the sections whose heading holds one of the words.
 */
const words = process.argv.slice(2).map((word) => word.toLowerCase())
const chosen = [...sections, ...(words.length > 0 ? tools : [])].filter(
  ([heading]) => words.length === 0 || words.some((word) => heading.toLowerCase().includes(word)),
)
if (chosen.length === 0) {
  console.error(
    `no section matches ${words.join(', ')}; sections:\n${[...sections, ...tools].map(([h]) => `  ${h}`).join('\n')}`,
  )
  process.exit(2)
}
console.log(`Node ${process.version}, ${new Date().toISOString()}`)
for (const [heading, run] of chosen) {
  console.log(`\n# ${heading}`)
  await run()
}
