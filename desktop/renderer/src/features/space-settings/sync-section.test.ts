import { describe, expect, it } from 'vitest'
import { syncOutcome } from './sync-section.tsx'

const asked = { last_sync_at: '2026-11-30T09:00:00Z', last_error_at: null }

describe('how a sync asked for in the settings ended', () => {
  it('is not known until the state moves on from what it was when asked', () => {
    expect(syncOutcome({ ...asked, last_error: null }, asked)).toBeUndefined()
  })

  it('is a failure when a new error came, a success when a new sync did, whatever the clocks', () => {
    const failed = {
      ...asked,
      last_error: 'the remote answered HTTP 401',
      last_error_at: '2026-11-30T08:59:00Z',
    }
    expect(syncOutcome(failed, asked)).toBe('failed')
    expect(
      syncOutcome({ last_sync_at: '2026-11-30T08:00:00Z', last_error_at: null, last_error: null }, asked),
    ).toBe('synced')
  })
})
