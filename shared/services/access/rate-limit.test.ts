import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RATE_EVENTS_KEPT_MS } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import { type TestApp, testApp } from '../../testing/test-app.ts'
import { pruneRateEvents, takeSlot } from './rate-limit.ts'

let t: TestApp
beforeEach(async () => {
  t = await testApp()
})
afterEach(() => t.close())

const countEvents = () => (t.sqlite.prepare('select count(*) as n from rate_events').get() as { n: number }).n
const refuse = (wait: number) => new DomainError('too_many_requests', {}, wait)

describe('pruneRateEvents', () => {
  it('forgets events past every window and keeps those a window still counts', async () => {
    const window = { key: 'drops:1', limit: { max: 100, windowMs: RATE_EVENTS_KEPT_MS } }
    await takeSlot(t.deps, [window], refuse)
    t.clock.advance(RATE_EVENTS_KEPT_MS + 1)
    await takeSlot(t.deps, [window], refuse)
    expect(countEvents()).toBe(2)
    await pruneRateEvents(t.deps)
    expect(countEvents()).toBe(1)
  })
})
