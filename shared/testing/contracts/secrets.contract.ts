import { describe, expect, it } from 'vitest'
import type { Cipher, Secrets } from '../../ports/secrets.ts'

/** The contract of the Secrets port: random secrets, digests, comparison and HMAC. */
export function describeSecretsContract(name: string, secrets: Secrets): void {
  describe(`${name}: secrets`, () => {
    it('mints distinct secrets of at least 128 bits after their prefix', async () => {
      const minted = await Promise.all(Array.from({ length: 20 }, async () => await secrets.mint('qk_')))
      expect(new Set(minted).size).toBe(20)
      for (const secret of minted) {
        expect(secret.startsWith('qk_')).toBe(true)
        // 128 bits are at least 22 characters of base64 (or 32 of hex).
        expect(secret.length - 3).toBeGreaterThanOrEqual(22)
      }
    })

    it('makes distinct short identifiers', async () => {
      const ids = await Promise.all(Array.from({ length: 20 }, async () => await secrets.id()))
      expect(new Set(ids).size).toBe(20)
    })

    it('digests a secret the same way each time, and two secrets differently, never as themselves', async () => {
      expect(await secrets.digest('abc')).toBe(await secrets.digest('abc'))
      expect(await secrets.digest('abc')).not.toBe(await secrets.digest('abd'))
      expect(await secrets.digest('abc')).not.toContain('abc')
    })

    it('compares strings for equality', async () => {
      expect(await secrets.equal('same', 'same')).toBe(true)
      expect(await secrets.equal('same', 'sane')).toBe(false)
      expect(await secrets.equal('short', 'shorter')).toBe(false)
      expect(await secrets.equal('', '')).toBe(true)
    })

    it('gives the standard HMAC-SHA256 in hex', async () => {
      // RFC 4231, test case 2.
      const data = new TextEncoder().encode('what do ya want for nothing?')
      expect(await secrets.hmacHex('Jefe', data)).toBe(
        '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
      )
    })
  })
}

/** The contract of the Cipher port: values sealed at rest open only with the same key, untouched. */
export function describeCipherContract(name: string, makeCipher: (key: string) => Cipher): void {
  describe(`${name}: sealed secrets`, () => {
    it('opens what it sealed, and never shows the plain text when sealed', async () => {
      const cipher = makeCipher('server key one')
      for (const plain of ['ghp_token', '', 'é ✓ 🔑', '{"kind":"ssh"}']) {
        const sealed = await cipher.seal(plain)
        if (plain) expect(sealed).not.toContain(plain)
        expect(await cipher.open(sealed)).toBe(plain)
      }
    })

    it('seals the same text differently each time', async () => {
      const cipher = makeCipher('server key one')
      expect(await cipher.seal('same')).not.toBe(await cipher.seal('same'))
    })

    it('refuses to open what another key sealed, a tampered value or no sealed value', async () => {
      const sealed = await makeCipher('server key one').seal('secret')
      const other = makeCipher('server key two')
      await expect((async () => other.open(sealed))()).rejects.toThrow()
      const cipher = makeCipher('server key one')
      // A character in the middle: a trailing one may only carry padding bits.
      const mid = Math.floor(sealed.length / 2)
      const tampered = `${sealed.slice(0, mid)}${sealed[mid] === 'A' ? 'Q' : 'A'}${sealed.slice(mid + 1)}`
      await expect((async () => cipher.open(tampered))()).rejects.toThrow()
      await expect((async () => cipher.open('plain text'))()).rejects.toThrow()
    })
  })
}
