import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatBytes, formatDate, formatDateIn, namesList } from './format.ts'

describe('formatDateIn', () => {
  it('shows a moment as the clock of the zone it was set for, the zone named', () => {
    // 02:00 UTC is 03:00 in Paris in winter, whatever zone the reader is in.
    expect(formatDateIn('2026-12-01T02:00:00.000Z', 'en', 'Europe/Paris')).toBe(
      'Dec 1, 2026, 3:00 AM (Europe/Paris)',
    )
    expect(formatDateIn('2026-12-01T02:00:00.000Z', 'fr', 'Europe/Paris')).toBe(
      '1 déc. 2026, 03:00 (Europe/Paris)',
    )
  })

  it('says sizes with units in the person’s language', () => {
    // French puts a narrow no-break space before its units.
    const spaced = (text: string) => text.replace(/\s/g, ' ')
    expect(spaced(formatBytes(595, 'en'))).toBe('595 bytes')
    expect(spaced(formatBytes(595, 'fr'))).toBe('595 octets')
    expect(spaced(formatBytes(1536, 'fr'))).toBe('1,5 ko')
    expect(spaced(formatBytes(3 * 1024 * 1024, 'en'))).toBe('3 MB')
  })

  it('falls back to the reader’s zone for a zone the browser does not know', () => {
    expect(formatDateIn('2026-12-01T02:00:00.000Z', 'en', 'Mars/Olympus')).not.toContain('Mars')
  })
})

describe('dates in a browser of a region', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('follow the browser’s variant of the app’s language, and the app’s language when it has none', () => {
    vi.stubGlobal('navigator', { language: 'en-GB', languages: ['en-GB', 'en'] })
    expect(formatDate('2026-12-07T16:15:00.000Z', 'en')).toMatch(/^7 Dec 2026, \d\d:15$/)
    // A French app in that browser writes French dates, as France does.
    expect(formatDate('2026-12-07T16:15:00.000Z', 'fr')).toMatch(/^7 déc\. 2026, \d\d:15$/)
    vi.stubGlobal('navigator', { language: 'fr-CA', languages: ['fr-CA'] })
    expect(formatDateIn('2026-12-01T02:00:00.000Z', 'en', 'Europe/Paris')).toBe(
      'Dec 1, 2026, 3:00 AM (Europe/Paris)',
    )
  })
})

describe('a list of names', () => {
  it('reads as the person’s language joins them', () => {
    expect(namesList(['Grace'], 'en')).toBe('Grace')
    expect(namesList(['Grace', 'Linus', 'Ada'], 'en')).toBe('Grace, Linus, and Ada')
    expect(namesList(['Grace', 'Linus'], 'fr')).toBe('Grace et Linus')
  })
})
