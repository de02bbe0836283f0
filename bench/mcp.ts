import { connectMcp } from '../server/testing/mcp.ts'
import { report, summarize, time } from './stats.ts'

const QUERIES = [
  'restore snapshot',
  'canary rollback',
  'postgres failover',
  'refund invoice',
  'phishing audit',
]

/**
 * A `search` and a `read_page` tool call over HTTP with the official MCP client (the 2026-07-28
 * protocol: one request per call), each beside the same REST call on the same server, and the
 * difference of their medians.
 */
export async function benchMcp(base: string, token: string, page: string, label: string): Promise<void> {
  const client = await connectMcp(base, token, 'modern')
  const headers = { authorization: `Bearer ${token}` }
  const api = `${base}/api/v1/organizations/bench/spaces/wiki`
  try {
    const pairs = [
      {
        name: 'search mode=text',
        rest: (i: number) =>
          fetch(
            `${base}/api/v1/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length] ?? '')}&mode=text`,
            {
              headers,
            },
          ).then((r) => r.arrayBuffer()),
        mcp: (i: number) =>
          client.callTool({
            name: 'search',
            arguments: { q: QUERIES[i % QUERIES.length] ?? '', mode: 'text' },
          }),
      },
      {
        name: 'read a page',
        rest: () => fetch(`${api}/files/${page}`, { headers }).then((r) => r.arrayBuffer()),
        mcp: () => client.callTool({ name: 'read_page', arguments: { space: 'bench/wiki', path: page } }),
      },
    ]
    for (const { name, rest, mcp } of pairs) {
      const restSamples = await time(200, rest, 20)
      const mcpSamples = await time(200, mcp, 20)
      report(`REST ${name.padEnd(40)} ${label}`, restSamples)
      report(`MCP  ${name.padEnd(40)} ${label}`, mcpSamples)
      const extra = summarize(mcpSamples).median - summarize(restSamples).median
      console.log(`  MCP ${name}: ${extra.toFixed(2)} ms over REST (median; target within 2 ms)`)
    }
  } finally {
    await client.close()
  }
}
