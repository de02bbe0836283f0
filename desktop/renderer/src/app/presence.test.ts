import { describe, expect, it } from 'vitest'
import { AWAY_AFTER_MS, presenceHeaders, watchPresence } from './presence.ts'

describe('the person’s presence, as requests tell it', () => {
  it('says away after a long while without input, and here again after a key', () => {
    const target = new EventTarget()
    const stop = watchPresence(target)
    try {
      target.dispatchEvent(new Event('keydown'))
      const now = Date.now()
      expect(presenceHeaders(now)).toEqual({})
      expect(presenceHeaders(now + AWAY_AFTER_MS - 1000)).toEqual({})
      expect(presenceHeaders(now + AWAY_AFTER_MS + 1000)).toEqual({ 'X-Quire-Away': '1' })
      target.dispatchEvent(new Event('pointerdown'))
      expect(presenceHeaders(Date.now() + 1000)).toEqual({})
    } finally {
      stop()
    }
  })
})
