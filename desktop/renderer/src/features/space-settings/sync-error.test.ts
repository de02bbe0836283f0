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
  it('says refused credentials in the app’s language, with what to do', async () => {
    const en = await translator('en')
    const fr = await translator('fr')
    const refused = 'the remote answered HTTP 401 (authentication required or refused)'
    expect(syncErrorText(refused, 'auth', en)).toBe(
      'The remote refused the credentials: the token was revoked, has expired, or may not do this. Give one that may under Credentials.',
    )
    expect(syncErrorText(refused, 'auth', fr)).toContain('Le dépôt distant a refusé les identifiants\u202f:')
  })

  it('says a remote out of reach by its kind, whatever the engine’s words for it', async () => {
    const fr = await translator('fr')
    for (const message of [
      "the remote's host name could not be resolved",
      'the connection was closed by the remote',
      'a wording no version of the window has seen',
    ])
      expect(syncErrorText(message, 'unreachable', fr)).toMatch(/^Le dépôt distant est injoignable\u202f:/)
  })

  it('tells apart a missing repository, a refused push, a busy remote and anything else', async () => {
    const en = await translator('en')
    expect(syncErrorText('the remote answered HTTP 404 (repository not found)', 'not-found', en)).toMatch(
      /^The remote repository was not found/,
    )
    expect(syncErrorText('the remote refused the push: protected branch', 'push-refused', en)).toBe(
      'The remote refused the push: protected branch',
    )
    expect(syncErrorText('the remote kept moving: push rejected three times', 'busy', en)).toMatch(
      /^The remote kept changing during the sync/,
    )
    expect(syncErrorText('something new', 'other', en)).toBe('The sync failed: something new')
  })
})
