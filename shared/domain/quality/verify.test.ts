import { describe, expect, it } from 'vitest'
import { DomainError } from '../../errors/domain-error.ts'
import { verificationChanges } from './verify.ts'

const today = '2026-11-02'

describe('verificationChanges', () => {
  describe('rule 1: owner', () => {
    it('makes the caller the owner of a page without one', () => {
      expect(verificationChanges({ front: {}, caller: 'bob', today })).toEqual({
        owner: 'bob',
        verified: today,
      })
      expect(verificationChanges({ front: { owner: '  ' }, caller: 'bob', today }).owner).toBe('bob')
    })

    it('keeps the owner a page has when none is given', () => {
      const front = { owner: 'alice', verified: '2026-01-01' }
      expect(verificationChanges({ front, caller: 'bob', today })).toEqual({ verified: today })
      expect(verificationChanges({ front, caller: 'bob', owner: ' ', today })).toEqual({ verified: today })
    })

    it('sets the owner given, trimmed', () => {
      const front = { owner: 'alice' }
      expect(verificationChanges({ front, caller: 'bob', owner: ' carol ', verify: false, today })).toEqual({
        owner: 'carol',
      })
    })
  })

  describe('rule 2: review interval', () => {
    it("removes the page's own interval for an empty value, and only when it has one", () => {
      const own = { owner: 'alice', verified: today, review_every: '6m' }
      expect(verificationChanges({ front: own, caller: 'alice', reviewEvery: '', today })).toEqual({
        review_every: null,
      })
      const none = { owner: 'alice', verified: today }
      expect(verificationChanges({ front: none, caller: 'alice', reviewEvery: ' ', today })).toEqual({})
    })

    it('writes a readable interval in its canonical spelling', () => {
      const front = { owner: 'alice', verified: today, review_every: '6m' }
      expect(verificationChanges({ front, caller: 'alice', reviewEvery: '90D', today })).toEqual({
        review_every: '90d',
      })
      expect(verificationChanges({ front, caller: 'alice', reviewEvery: 'Never', today })).toEqual({
        review_every: 'never',
      })
      expect(verificationChanges({ front, caller: 'alice', reviewEvery: '6m', today })).toEqual({})
    })

    it('refuses an interval it cannot read, as an invalid request', () => {
      const call = () => verificationChanges({ front: {}, caller: 'bob', reviewEvery: 'monthly', today })
      expect(call).toThrow(DomainError)
      try {
        call()
      } catch (error) {
        expect(error).toMatchObject({ reason: 'review_every_unreadable', code: 'invalid' })
      }
    })
  })

  describe('rule 3: verified', () => {
    it('verifies when verify is true or absent', () => {
      const front = { owner: 'alice', verified: '2026-01-01' }
      expect(verificationChanges({ front, caller: 'alice', verify: true, today })).toEqual({
        verified: today,
      })
      expect(verificationChanges({ front, caller: 'alice', today })).toEqual({ verified: today })
    })

    it('only updates owner and interval when verify is false', () => {
      const front = { verified: '2026-01-01' }
      expect(verificationChanges({ front, caller: 'bob', reviewEvery: '1y', verify: false, today })).toEqual({
        owner: 'bob',
        review_every: '1y',
      })
    })

    it('changes nothing for a page verified today by its owner', () => {
      expect(
        verificationChanges({ front: { owner: 'alice', verified: today }, caller: 'alice', today }),
      ).toEqual({})
      const asDate = { owner: 'alice', verified: new Date(`${today}T00:00:00Z`) }
      expect(verificationChanges({ front: asDate, caller: 'alice', today })).toEqual({})
    })

    it('refuses a day that is not YYYY-MM-DD', () => {
      expect(() => verificationChanges({ front: {}, caller: 'bob', today: '02/11/2026' })).toThrow(
        /YYYY-MM-DD/,
      )
    })
  })

  describe('rule 4: front matter only', () => {
    it('returns only the three front matter keys, leaving the others to the page', () => {
      const front = {
        title: 'Restore',
        tags: ['ops'],
        owner: 'alice',
        verified: '2025-05-05',
        review_every: '',
      }
      const changes = verificationChanges({ front, caller: 'bob', reviewEvery: '', today })
      expect(changes).toEqual({ review_every: null, verified: today })
      expect(Object.keys(changes).every((key) => ['owner', 'review_every', 'verified'].includes(key))).toBe(
        true,
      )
    })
  })
})
