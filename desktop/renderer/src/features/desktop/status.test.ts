import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import locales from './locales.ts'
import { isBusy, isNetworkRemote, isSshUrl, statusWords } from './status.ts'

async function translator(lng: 'en' | 'fr') {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng,
    resources: { en: { translation: { desktop: locales.en } }, fr: { translation: { desktop: locales.fr } } },
    interpolation: { escapeValue: false },
  })
  return i18n.t
}

const space = (status: string, waiting = 0, conflicts = 0) =>
  ({ status, waiting, conflicts, meaning: null }) as Parameters<typeof statusWords>[0] & { meaning: null }

describe('a space’s sync state in words', () => {
  it('says each state in English, with singular and plural counts', async () => {
    const t = await translator('en')
    expect(statusWords(space('synced'), t)).toBe('Synced')
    expect(statusWords(space('local'), t)).toBe('Local only')
    expect(statusWords(space('syncing'), t)).toBe('Syncing…')
    expect(statusWords(space('offline', 3), t)).toBe('Offline: 3 changes waiting')
    expect(statusWords(space('offline', 1), t)).toBe('Offline: 1 change waiting')
    expect(statusWords(space('offline', 0), t)).toBe('Offline')
    expect(statusWords(space('conflicts', 0, 2), t)).toBe('2 conflicts')
    expect(statusWords(space('conflicts', 0, 1), t)).toBe('1 conflict')
    expect(statusWords(space('error'), t)).toBe('Sync error')
  })

  it('says them in French', async () => {
    const t = await translator('fr')
    expect(statusWords(space('synced'), t)).toBe('Synchronisé')
    expect(statusWords(space('local'), t)).toBe('Local seulement')
    expect(statusWords(space('syncing'), t)).toBe('Synchronisation…')
    expect(statusWords(space('offline', 3), t)).toBe('Hors ligne : 3 modifications en attente')
    expect(statusWords(space('offline', 1), t)).toBe('Hors ligne : 1 modification en attente')
    expect(statusWords(space('conflicts', 0, 2), t)).toBe('2 conflits')
    expect(statusWords(space('conflicts', 0, 1), t)).toBe('1 conflit')
    expect(statusWords(space('error'), t)).toBe('Erreur de synchronisation')
  })
})

describe('when the list of spaces is read again', () => {
  it('polls while a space syncs or waits to be back online, not otherwise', () => {
    expect(isBusy([space('synced'), space('syncing')])).toBe(true)
    expect(isBusy([space('offline', 2)])).toBe(true)
    expect(isBusy([space('synced'), space('local'), space('conflicts', 0, 1), space('error')])).toBe(false)
    expect(isBusy([])).toBe(false)
    // The index by meaning filling in is shown as it goes.
    expect(isBusy([{ status: 'local', meaning: { indexed: 10, total: 200 } }])).toBe(true)
    expect(isBusy([{ status: 'local', meaning: { indexed: 200, total: 200 } }])).toBe(false)
  })
})

describe('which Git addresses take an SSH key', () => {
  it('tells SSH addresses from HTTPS ones', () => {
    expect(isSshUrl('ssh://git@example.com/team/wiki.git')).toBe(true)
    expect(isSshUrl('git@github.com:team/wiki.git')).toBe(true)
    expect(isSshUrl('https://github.com/team/wiki.git')).toBe(false)
    expect(isSshUrl('https://user@example.com:8443/wiki.git')).toBe(false)
    expect(isSshUrl('')).toBe(false)
  })
})

describe('a Git remote’s address', () => {
  it('is an address on the network, never a folder', () => {
    for (const url of [
      'https://git.example.com/wiki.git',
      'http://127.0.0.1:3000/w.git',
      'ssh://git@host/w.git',
      'git@host:team/w.git',
    ])
      expect(isNetworkRemote(url)).toBe(true)
    for (const url of ['file:///tmp/wiki.git', '/tmp/wiki.git', 'C:\\repos\\wiki.git', 'wiki.git', ''])
      expect(isNetworkRemote(url)).toBe(false)
  })
})
