import { benchApiRequests } from './api-requests.ts'
import { benchGitClone } from './git-clone.ts'
import { benchGitWrites } from './git-writes.ts'
import { benchLargeWrites } from './large-writes.ts'
import { benchLocalWrites } from './local-writes.ts'
import { benchPostgres } from './postgres.ts'
import { benchRepoCheck } from './repo-check.ts'
import { benchSearch } from './search.ts'
import { benchSearchIndexes } from './search-indexes.ts'
import { benchTidyFiler } from './tidy-filer.ts'
import { benchBundle, benchPageOpen } from './web-app.ts'
import { benchWebhooks } from './webhooks.ts'

/** `npm run bench`: every benchmark, printing median and p95 of each measured operation. */
console.log(`Node ${process.version}, ${new Date().toISOString()}`)
console.log('\n# API request path (real HTTP on loopback)')
await benchApiRequests(2, 5)
await benchApiRequests(10, 20)

console.log('\n# One-file writes to a space kept by the service (commit made durable)')
await benchLocalWrites()

console.log('\n# Large writes: time, and the longest the event loop was held meanwhile')
await benchLargeWrites()

console.log('\n# Outgoing webhooks: from a page write to its event at a receiver on loopback')
await benchWebhooks(200)

console.log('\n# One-file writes pushed to a smart-HTTP remote on loopback')
await benchGitWrites(1_000)
await benchGitWrites(10_000)

console.log("\n# Cloning a space from the server's Git endpoint, beside git clone of its repository")
await benchGitClone(10_000)

console.log('\n# Web app (Chromium on loopback)')
await benchBundle()
await benchPageOpen(10_000)

console.log('\n# Tidy-up with the built-in filer')
await benchTidyFiler(200)
await benchTidyFiler(1_000)

console.log('\n# Search (real HTTP; the built-in embedder for meaning), and MCP tool calls beside REST')
await benchSearch(1_000)
const sqliteSearch = await benchSearch(10_000, { mcp: true })
console.log('\n# Search indexes alone')
await benchSearchIndexes(100_000)

console.log('\n# PostgreSQL beside SQLite, and two instances on one database')
await benchPostgres(10_000, sqliteSearch)

// Last: it writes 21,000 durable commits, whose flushing would slow whatever ran next.
console.log('\n# Checking every repository at start')
await benchRepoCheck(1_000, 20)
