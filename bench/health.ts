import { wikiHealth } from '../shared/domain/quality/health.ts'
import { report } from './stats.ts'

/**
 * The health report of a space of `pages` pages in folders, where `broken` links lead nowhere (a
 * folder moved in Git without its links rewritten): the screen's report (50 of each list) and the
 * coherence routine's (every item).
 */
export async function benchHealth(pages: number, broken: number, rounds = 5): Promise<void> {
  const paths = Array.from({ length: pages }, (_, n) => `dept-${n % 20}/team-${n % 7}/guide-${n}.md`)
  const input = {
    pages: paths.map((path, n) => ({
      path,
      markdown: `# Guide ${n}\n\nSee [the next](guide-${n + 1}.md) and [the old one](../old/guide-${n}.md).\n`,
      lastChange: 0,
    })),
    now: Date.UTC(2026, 11, 1),
    months: 6,
    spaceReviewEvery: '6 months',
  }
  // Each page links to a page of another folder that moved: `broken` links lead nowhere.
  for (let n = 0; n < Math.min(broken, pages); n++)
    (input.pages[n] as { markdown: string }).markdown +=
      `\nAlso [a moved page](../../moved/${paths[(n * 7) % pages]}).\n`
  // Once untimed: the first report also loads and compiles the Markdown parser.
  wikiHealth({ ...input, limit: 50 })
  for (const [label, limit] of [
    ['screen, 50 of each list', 50],
    ['routine, every item', 100_000],
  ] as const) {
    const samples: number[] = []
    for (let round = 0; round < rounds; round++) {
      const started = performance.now()
      wikiHealth({ ...input, limit })
      samples.push(performance.now() - started)
    }
    report(`Health report of ${pages} pages, ${broken} broken links (${label})`, samples)
  }
}
