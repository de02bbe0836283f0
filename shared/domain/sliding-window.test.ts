import { describe, expect, it } from 'vitest'
import { checkWindow } from './sliding-window.ts'

const limit = { max: 3, windowMs: 60_000 }
const now = 1_700_000_000_000
const ago = (seconds: number) => now - seconds * 1000

describe('checkWindow', () => {
  it('lets an event through when nothing happened yet', () => {
    expect(checkWindow([], limit, now)).toEqual({ ok: true })
  })

  it('lets an event through while the window holds fewer than max events', () => {
    expect(checkWindow([ago(30), ago(5)], limit, now)).toEqual({ ok: true })
  })

  it('refuses at max, until the oldest counted event leaves the window', () => {
    // The event 50 s ago leaves the 60 s window in 10 s.
    expect(checkWindow([ago(50), ago(20), ago(10)], limit, now)).toEqual({ ok: false, retryAfter: 10 })
  })

  it('does not depend on the order of the times', () => {
    expect(checkWindow([ago(10), ago(50), ago(20)], limit, now)).toEqual({ ok: false, retryAfter: 10 })
  })

  it('ignores events older than the window', () => {
    expect(checkWindow([ago(600), ago(70), ago(61), ago(20), ago(10)], limit, now)).toEqual({ ok: true })
    expect(checkWindow([ago(90), ago(45), ago(20), ago(10)], limit, now)).toEqual({
      ok: false,
      retryAfter: 15,
    })
  })

  it('waits for enough events to leave when the window holds more than max', () => {
    // Five events, max 3: one more fits once three have left, i.e. when the one 40 s ago leaves.
    const times = [ago(55), ago(50), ago(40), ago(30), ago(20)]
    expect(checkWindow(times, limit, now)).toEqual({ ok: false, retryAfter: 20 })
  })

  it('rounds the wait up to whole seconds', () => {
    expect(checkWindow([now - 49_800, ago(20), ago(10)], limit, now)).toEqual({ ok: false, retryAfter: 11 })
  })

  it('asks to wait at least one second', () => {
    expect(checkWindow([now - 59_900, ago(1), now], limit, now)).toEqual({ ok: false, retryAfter: 1 })
    expect(checkWindow([now, now], { max: 1, windowMs: 500 }, now)).toEqual({ ok: false, retryAfter: 1 })
  })
})
