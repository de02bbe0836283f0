import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../../testing/builders/seed-world.ts'
import { type TestApp, testApp } from '../../testing/test-app.ts'
import { startJobRunner } from './job-runner.ts'

const HOUR = 60 * 60_000
const quiet = { info() {}, warn() {}, error() {} }

let t: TestApp
let spaceId: number
beforeEach(async () => {
  t = await testApp()
  spaceId = (await seedWorld(t.deps)).space('wiki').id
})
afterEach(() => t.close())

/** Runs the job runner until `done` holds (its hourly pruning runs at its first tick), then stops it. */
async function runJobsUntil(done: () => Promise<boolean>): Promise<void> {
  const runner = startJobRunner(t.deps, quiet)
  try {
    for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 25))
  } finally {
    await runner.stop()
  }
}

describe('the hourly pruning', () => {
  it('forgets live documents nobody had open for an hour, and keeps those open lately or with edits to commit', async () => {
    const log = t.deps.store.collab
    const state = new Uint8Array([0, 0])
    const idle = await log.seed(spaceId, 'content/idle.md', state, 'blob-idle', t.clock.now())
    const waiting = await log.seed(spaceId, 'content/waiting.md', state, 'blob-waiting', t.clock.now())
    await log.append(waiting.id, null, new Uint8Array([0, 0]), t.clock.now())
    const open = await log.seed(spaceId, 'content/open.md', state, 'blob-open', t.clock.now())
    t.clock.advance(HOUR + 1)
    // Still open on an instance: it marks its documents as it keeps them.
    await log.touch([open.id], t.clock.now())

    await runJobsUntil(async () => (await log.doc(spaceId, idle.path)) === undefined)

    expect(await log.doc(spaceId, idle.path)).toBeUndefined()
    expect(await log.doc(spaceId, waiting.path)).toMatchObject({ id: waiting.id })
    expect(await log.pending(waiting.id)).toHaveLength(1)
    expect(await log.doc(spaceId, open.path)).toMatchObject({ id: open.id })
    expect(await log.unsettled()).toEqual([{ id: waiting.id, spaceId, path: waiting.path }])
  })
})
