import { afterEach, describe, expect, it } from 'vitest'
import type { SecretDetector } from '../../ports/secret-detector.ts'
import { createSecretDetector } from './secretlint-detector.ts'
import { type ThreadedDetector, threadedSecretDetector } from './threaded-detector.ts'

/** A long page of harmless prose, with a private key block on `keyLine` (1-based) when given. */
function longText(lines: number, keyLine?: number): string {
  const out = Array.from(
    { length: lines },
    (_, i) => `Line ${i}: the backup of the wiki runs at night and is checked weekly.`,
  )
  if (keyLine !== undefined)
    out.splice(
      keyLine - 1,
      0,
      '-----BEGIN RSA PRIVATE KEY-----',
      'MIIEowIBAAKCAQEA7mYbQ0',
      '-----END RSA PRIVATE KEY-----',
    )
  return out.join('\n')
}

let detector: ThreadedDetector | undefined
afterEach(async () => {
  await detector?.close()
  detector = undefined
})

describe('the threaded secret detector', () => {
  it('finds a secret in a long text, on its line, in its thread', async () => {
    detector = threadedSecretDetector(createSecretDetector(), { thresholdChars: 1000 })
    const findings = await detector.scan(longText(2000, 1500))
    expect(findings).toEqual([expect.objectContaining({ line: 1500 })])
    expect(await detector.scan(longText(2000))).toEqual([])
  })

  it('scans short texts on the spot, without a thread', async () => {
    const seen: string[] = []
    const inline: SecretDetector = {
      scan: async (text) => {
        seen.push(text)
        return []
      },
    }
    detector = threadedSecretDetector(inline, { thresholdChars: 1000 })
    await detector.scan('a short note')
    expect(seen).toEqual(['a short note'])
  })

  it('leaves the main thread free to answer others while a large page is scanned', async () => {
    detector = threadedSecretDetector(createSecretDetector())
    await detector.scan(longText(5000)) // the thread is started and warm
    const text = longText(150_000) // about 10 MB
    let last = performance.now()
    let longestGap = 0
    const ticker = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 5)
    try {
      expect(await detector.scan(text)).toEqual([])
    } finally {
      clearInterval(ticker)
    }
    // A scan that held the thread throughout would not have let the ticker run at all.
    longestGap = Math.max(longestGap, performance.now() - last)
    // On the main thread, secretlint's rules hold it for about half a second over such a page;
    // a busy machine (the test suite runs beside other work) can delay a tick by a tenth of that.
    expect(longestGap).toBeLessThan(250)
  }, 60_000)
})
