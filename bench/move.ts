import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { requestIndex } from '../shared/services/search/index-space.ts'
import { benchSpace } from './setup.ts'
import { report, time } from './stats.ts'

const FOLDERS = 20

/**
 * Moving a page of a large space through the API: its links rewritten in the same commit. The
 * space is packed and indexed by words and links first (its meaning index off), as a space in use is; each
 * moved page is linked from three pages of other folders, two by path (rewritten) and one by wiki name (still right).
 */
export async function benchMove(pages: number, moves = 10): Promise<void> {
  const pathOf = (n: number) => `folder-${n % FOLDERS}/page-${n}.md`
  const { t, root } = await benchSpace(
    Array.from({ length: pages }, (_, n) => ({
      path: `content/${pathOf(n)}`,
      text:
        `# Page ${n}\n\nAbout topic ${n % 97}. See [the next](../${pathOf((n + 1) % pages)}), ` +
        `[[page-${(n + 7) % pages}]] and [the other](/${pathOf((n * 31) % pages)}).\n\n` +
        `${'A line of the page, as a handbook has many of them. '.repeat(20)}\n`,
    })),
  )
  try {
    // Packed, as a repository pushed to or cloned from is: its objects are read from the pack.
    await promisify(execFile)('git', ['-C', join(t.dir, 'repos', '1.git'), 'repack', '-adq'])
    const S = '/organizations/bench/spaces/wiki'
    await t.call('PUT', `${S}/semantic`, { token: root, body: { enabled: false } })
    const found = await t.deps.store.spaceById(1)
    if (found) await requestIndex(t.deps, found.space)
    await t.deps.indexQueue.idle()
    const move = async (from: string, to: string, dryRun = false) => {
      const response = await t.call('POST', `${S}/move`, { token: root, body: { from, to, dry_run: dryRun } })
      if (response.status !== 200) throw new Error(`move failed: ${response.status} ${await response.text()}`)
      const { rewritten } = (await response.json()) as { rewritten: string[] }
      if (rewritten.length < 2)
        throw new Error(`a move rewrote ${rewritten.length} pages, expected 2 or more`)
    }
    const label = `[${pages} pages]`
    // Each move takes a page not moved before, to a new folder; pages are apart so no two share linkers.
    const page = (i: number) => 100 + i * 50
    report(
      `POST move, dry run (links read, nothing written)  ${label}`,
      await time(moves, (i) => move(pathOf(page(i)), `moved/page-${page(i)}.md`, true), 2),
    )
    // Warm-up runs move pages too: a counter, not the run's index, picks the next.
    let next = 20
    const moveNext = () => {
      const n = page(next++)
      return move(pathOf(n), `moved/page-${n}.md`)
    }
    report(`POST move (commit with the links rewritten)        ${label}`, await time(moves, moveNext, 2))
    // A whole folder (a twentieth of the space), its pages linked from every other folder; each move
    // once the space is at rest (the last one's indexing done), as moves of whole folders are rare.
    // How long the server could answer nobody meanwhile: the longest stall of its event loop, during
    // the request, and during the indexing of what moved that follows it.
    const folderMoves: number[] = []
    const stalls: number[] = []
    const indexingStalls: number[] = []
    const watch = () => {
      const loop = monitorEventLoopDelay({ resolution: 10 })
      loop.enable()
      return () => {
        loop.disable()
        return loop.max / 1e6
      }
    }
    for (let folder = 1; folder <= 4; folder++) {
      await t.deps.indexQueue.idle()
      const request = watch()
      const started = performance.now()
      await move(`folder-${folder}`, `archive/folder-${folder}`)
      const took = performance.now() - started
      const requestStall = request()
      const indexing = watch()
      await t.deps.indexQueue.idle()
      const indexingStall = indexing()
      if (folder > 1) {
        folderMoves.push(took)
        stalls.push(requestStall)
        indexingStalls.push(indexingStall)
      }
    }
    report(`POST move of a folder of ${pages / FOLDERS} pages              ${label}`, folderMoves)
    report(`  its longest event-loop stall                     ${label}`, stalls)
    report(`  the longest one of the indexing that follows     ${label}`, indexingStalls)
  } finally {
    await t.close()
  }
}
