import { describe, expect, it } from 'vitest'
import { syncOutcome } from './sync-section.tsx'

const asked = Date.parse('2026-11-30T10:00:00Z')
const state = (sync: string | null, error: string | null, errorAt: string | null) => ({
  last_sync_at: sync,
  last_error: error,
  last_error_at: errorAt,
})

describe('how a sync asked for in the settings ended', () => {
  it('is not known until the state shows a sync or an error since it was asked', () => {
    expect(syncOutcome(state('2026-11-30T09:00:00Z', null, null), asked)).toBeUndefined()
    expect(syncOutcome(state(null, 'refused', '2026-11-30T09:00:00Z'), asked)).toBeUndefined()
  })

  it('is a failure when an error came since, a success when a sync did', () => {
    expect(syncOutcome(state(null, 'the remote answered HTTP 401', '2026-11-30T10:00:02Z'), asked)).toBe(
      'failed',
    )
    expect(syncOutcome(state('2026-11-30T10:00:01Z', null, null), asked)).toBe('synced')
  })
})
