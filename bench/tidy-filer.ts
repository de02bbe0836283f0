import { drainJobs } from '../shared/services/jobs/job-worker.ts'
import { requestIndex } from '../shared/services/search/index-space.ts'
import { describeReport, runEvaluation } from '../shared/testing/filer-eval/evaluate.ts'
import { testApp } from '../shared/testing/test-app.ts'
import { benchSpace } from './setup.ts'
import { report } from './stats.ts'

const TOPICS = [
  'backups',
  'deploy',
  'postgres',
  'redis',
  'search',
  'billing',
  'network',
  'oncall',
  'incidents',
  'onboarding',
]
const VERBS = [
  'tuned',
  'checked',
  'restarted',
  'documented',
  'reviewed',
  'measured',
  'upgraded',
  'moved',
  'cleaned',
  'tested',
]

/** A page about one topic, with words the notes will share. */
function page(topic: string, i: number): string {
  const lines = Array.from(
    { length: 10 },
    (_, l) =>
      `The ${topic} team ${VERBS[(i + l) % 10]} item ${i}-${l} and wrote down what changed for ${topic}.`,
  )
  return `# ${topic[0]?.toUpperCase()}${topic.slice(1)} ${i}\n\n${lines.join('\n')}\n`
}

/**
 * The time to file 100 notes with the built-in filer in a space of `pages` pages: one tidy-up run
 * from the job queue, including reading the pages, embedding the notes, reading the candidate pages'
 * vectors, planning, one commit and the run log.
 */
export async function benchTidyFiler(pages: number, notes = 100, rounds = 3): Promise<void> {
  const samples: number[] = []
  for (let round = 0; round < rounds; round++) {
    const { t, root, repo } = await benchSpace(
      Array.from({ length: pages }, (_, i) => {
        const topic = TOPICS[i % TOPICS.length] ?? 'misc'
        return { path: `content/${topic}/page-${i}.md`, text: page(topic, i) }
      }),
    )
    try {
      const orgStore = t.deps.store.forOrg(1)
      // Indexed by words and meaning first, as a space is once its pages are written: the filer reads
      // the pages' vectors from the index.
      const found = await t.deps.store.spaceById(1)
      if (found) await requestIndex(t.deps, found.space)
      await t.deps.indexQueue.idle()
      await orgStore.space(1).marks.resetChangeBase((await repo.head()) ?? null)
      for (let n = 0; n < notes; n++) {
        const topic = TOPICS[n % TOPICS.length] ?? 'misc'
        const response = await t.call('POST', '/organizations/bench/spaces/wiki/inbox', {
          token: root,
          body: {
            title: `${topic} follow-up ${n}`,
            content: `The ${topic} team ${VERBS[n % 10]} item ${(n * 7) % pages}-3 again; ${topic} notes for page ${n}.`,
          },
        })
        if (response.status !== 201) throw new Error(`drop failed: ${response.status}`)
      }
      await t.deps.indexQueue.idle()
      await t.call('POST', '/organizations/bench/spaces/wiki/tidy', { token: root })
      const started = performance.now()
      await drainJobs(t.deps)
      samples.push(performance.now() - started)
      const [run] = (await (
        await t.call('GET', '/organizations/bench/spaces/wiki/tidy/runs', { token: root })
      ).json()) as { status: string; items_done: number }[]
      if (round === 0) console.log(`  (run: ${run?.status}, ${run?.items_done} of ${notes} notes filed)`)
    } finally {
      await t.close()
    }
  }
  report(`tidy-up run, built-in filer, ${notes} notes            [${pages} pages]`, samples)
}

/**
 * The filer's evaluation on real documents (installed packages' READMEs, 67 notes in English and
 * French): precision, recall, misfiles, new pages and notes left, as the test suite checks them.
 */
export async function benchFilerEvaluation(): Promise<void> {
  const t = await testApp()
  try {
    const root = await t.user('root', { superadmin: true })
    console.log(`filer evaluation on real documents: ${describeReport(await runEvaluation(t, root))}`)
  } finally {
    await t.close()
  }
}
