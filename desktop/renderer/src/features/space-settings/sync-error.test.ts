import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import locales from './locales.ts'
import { syncErrorText } from './sync-error.ts'

async function translator(lng: 'en' | 'fr') {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng,
    resources: {
      en: { translation: { 'space-settings': locales.en } },
      fr: { translation: { 'space-settings': locales.fr } },
    },
    interpolation: { escapeValue: false },
  })
  return i18n.t
}

describe('the last sync error as a person reads it', () => {
  it('says a refused token in the app’s language, with what to do', async () => {
    const en = await translator('en')
    const fr = await translator('fr')
    const refused = 'the remote answered HTTP 401 (authentication required or refused)'
    expect(syncErrorText(refused, en)).toBe(
      'The remote refused the credentials (HTTP 401): the token was revoked, has expired, or may not do this. Give one that may under Credentials.',
    )
    expect(syncErrorText(refused, fr)).toContain(
      'Le dépôt distant a refusé les identifiants (HTTP 401)\u202f:',
    )
  })

  it('tells apart a missing repository, a remote out of reach and a refused push', async () => {
    const en = await translator('en')
    expect(syncErrorText('the remote answered HTTP 404 (repository not found)', en)).toMatch(
      /^The remote repository was not found/,
    )
    expect(syncErrorText('connect ECONNREFUSED 127.0.0.1:9', en)).toMatch(/^The remote could not be reached/)
    expect(syncErrorText('the remote refused the push: protected branch', en)).toBe(
      'The remote refused the push: protected branch',
    )
    expect(syncErrorText('something new', en)).toBe('The sync failed: something new')
  })
})
