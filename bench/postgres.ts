import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { callApi, launchServer, type ServerProcess } from '../server/testing/server-process.ts'
import {
  INSTALL_HINT,
  type PostgresCluster,
  postgresBinaries,
  startPostgresCluster,
  TEMPLATE_DATABASE,
  withDatabase,
} from '../shared/testing/postgres-cluster.ts'
import { apiWrites, remoteBenchSpace } from './git-writes.ts'
import { benchSearch } from './search.ts'
import { report, summarize } from './stats.ts'

const TOKEN = 'bench-instances-token-0123456789abcdef'

let made = 0

/** A new database on the bench's server, copied from the migrated template, and how to drop it. */
async function newDatabase(cluster: PostgresCluster): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quire_bench_${process.pid}_${++made}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: cluster.url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`)
  return {
    url: withDatabase(cluster.url, name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

/** How a figure compares with SQLite's: the ratio of the medians. */
function ratio(postgres: number[], sqlite: number[]): string {
  return `${(summarize(postgres).median / summarize(sqlite).median).toFixed(2)}× SQLite's median`
}

/**
 * The same work on PostgreSQL (a throwaway server from Debian's package, on loopback) beside the
 * SQLite figures: API writes pushed to a remote and search at `pages` pages, then the read
 * throughput of one instance and of two sharing the database and the data folder.
 */
export async function benchPostgres(
  pages: number,
  sqliteSearch: { auto: number[]; text: number[] },
): Promise<void> {
  const bin = postgresBinaries()
  if (!bin) {
    console.log(`  skipped: no PostgreSQL server here (${INSTALL_HINT})`)
    return
  }
  const cluster = await startPostgresCluster(bin)
  try {
    const label = `[${pages} pages`
    const sqliteWrites = await writesOn(pages)
    report(`API write: PUT files (commit + push) ${label}, SQLite]`, sqliteWrites)
    const database = await newDatabase(cluster)
    try {
      const postgresWrites = await writesOn(pages, database.url)
      report(`API write: PUT files (commit + push) ${label}, PostgreSQL]`, postgresWrites)
      console.log(`  PostgreSQL writes: ${ratio(postgresWrites, sqliteWrites)} (target: at most 1.3×)`)
    } finally {
      await database.drop()
    }

    const searched = await benchSearch(pages, { database: await newDatabase(cluster), on: ', PostgreSQL' })
    console.log(
      `  PostgreSQL search: auto p50 ${summarize(searched.auto).median.toFixed(1)} ms (target: at most 25 ms), ` +
        `${ratio(searched.auto, sqliteSearch.auto)}; text ${ratio(searched.text, sqliteSearch.text)}`,
    )

    await benchInstances(cluster)
  } finally {
    await cluster.stop()
  }
}

async function writesOn(pages: number, databaseUrl?: string): Promise<number[]> {
  const { server, remote } = await remoteBenchSpace(pages, { databaseUrl })
  try {
    return await apiWrites(server)
  } finally {
    await server.close()
    await remote.stop()
  }
}

/** Requests sent at once, and in all, per throughput run. */
const CLIENTS = 32
const REQUESTS = 3_000

/** Page reads per second through one instance, then spread over two on the same database and folder. */
export async function benchInstances(cluster: PostgresCluster): Promise<void> {
  const database = await newDatabase(cluster)
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-instances-'))
  const servers: ServerProcess[] = []
  const start = async () => {
    const server = launchServer(dataDir, {
      SERVICE_ADMIN_TOKEN: TOKEN,
      SERVICE_DATABASE_URL: database.url,
    })
    servers.push(server)
    return server.listening
  }
  try {
    const first = await start()
    await callApi(first, TOKEN, 'POST', '/organizations', { slug: 'bench', name: 'Bench', join: true })
    await callApi(first, TOKEN, 'POST', '/organizations/bench/spaces', { slug: 'wiki', name: 'Wiki' })
    for (let i = 0; i < 50; i++) {
      const response = await callApi(
        first,
        TOKEN,
        'PUT',
        `/organizations/bench/spaces/wiki/files/p-${i}.md`,
        {
          content: `# Page ${i}\n\n${'Some words of the page. '.repeat(40)}\n`,
        },
      )
      if (response.status !== 201) throw new Error(`write failed: ${response.status}`)
    }
    const second = await start()
    const throughput = async (urls: string[]) => {
      let sent = 0
      const started = performance.now()
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (sent < REQUESTS) {
            const i = sent++
            const url = urls[i % urls.length] as string
            const response = await callApi(
              url,
              TOKEN,
              'GET',
              `/organizations/bench/spaces/wiki/files/p-${i % 50}.md`,
            )
            await response.arrayBuffer()
            if (response.status !== 200) throw new Error(`read failed: ${response.status}`)
          }
        }),
      )
      return REQUESTS / ((performance.now() - started) / 1000)
    }
    await throughput([first, second]) // warm-up of both
    const one = await throughput([first])
    const two = await throughput([first, second])
    console.log(
      `GET a page, ${CLIENTS} clients at once: one instance ${one.toFixed(0)} req/s, ` +
        `two instances ${two.toFixed(0)} req/s (${(two / one).toFixed(2)}×; the clients share the machine's cores)`,
    )
  } finally {
    for (const server of servers) server.child.kill('SIGTERM')
    await Promise.all(servers.map((s) => s.exited))
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
