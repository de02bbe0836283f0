import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DESKTOP_CHANNELS } from '../preload/api.ts'
import { createOsActions, InvalidArgumentError, MAX_PATH_LENGTH, type OsActionDeps } from './os-actions.ts'

const home = resolve('/home/ada')

function actions(answer = { canceled: false, filePaths: [resolve('/home/ada/notes')] }) {
  const calls: unknown[][] = []
  const deps: OsActionDeps = {
    showOpenDialog: async (options) => {
      calls.push(['dialog', options])
      return answer
    },
    showItemInFolder: (path) => {
      calls.push(['reveal', path])
    },
    openExternal: async (url) => {
      calls.push(['open', url])
    },
    homeDir: home,
    language: 'fr',
  }
  const handlers = createOsActions(deps)
  const call = (channel: string, ...args: unknown[]) => handlers[channel]!(...args)
  return { calls, call }
}

describe('choosing a path', () => {
  it('asks for a folder and answers the chosen one', async () => {
    const { calls, call } = actions()
    expect(await call(DESKTOP_CHANNELS.choosePath, 'folder')).toBe(resolve('/home/ada/notes'))
    expect(calls).toEqual([
      ['dialog', { title: 'Choisir un dossier', properties: ['openDirectory', 'createDirectory'] }],
    ])
  })

  it('asks for an SSH key file from the hidden .ssh folder', async () => {
    const { calls, call } = actions()
    await call(DESKTOP_CHANNELS.choosePath, 'ssh-key')
    expect(calls[0]![1]).toMatchObject({
      defaultPath: resolve('/home/ada/.ssh'),
      properties: ['openFile', 'showHiddenFiles'],
    })
  })

  it('answers null when the person cancels', async () => {
    const { call } = actions({ canceled: true, filePaths: [] })
    expect(await call(DESKTOP_CHANNELS.choosePath, 'folder')).toBeNull()
  })

  it('refuses any other kind, without opening a dialog', async () => {
    const { calls, call } = actions()
    for (const args of [['file'], [], ['folder', 'extra'], [{ kind: 'folder' }]])
      await expect(call(DESKTOP_CHANNELS.choosePath, ...args)).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(calls).toEqual([])
  })
})

describe('revealing in the folder', () => {
  it('shows an absolute path in the file manager', async () => {
    const { calls, call } = actions()
    await call(DESKTOP_CHANNELS.revealInFolder, resolve('/home/ada/notes/a.md'))
    expect(calls).toEqual([['reveal', resolve('/home/ada/notes/a.md')]])
  })

  it('refuses relative, empty, overlong or non-string paths', async () => {
    const { calls, call } = actions()
    for (const path of ['notes/a.md', '', `/${'a'.repeat(MAX_PATH_LENGTH)}`, '/a\0b', 42, null, ['/a']])
      await expect(call(DESKTOP_CHANNELS.revealInFolder, path)).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(calls).toEqual([])
  })
})

describe('opening a link', () => {
  it('opens web and mail links in the system', async () => {
    const { calls, call } = actions()
    await call(DESKTOP_CHANNELS.openExternal, 'https://example.org/docs')
    await call(DESKTOP_CHANNELS.openExternal, 'mailto:ada@example.org')
    expect(calls).toEqual([
      ['open', 'https://example.org/docs'],
      ['open', 'mailto:ada@example.org'],
    ])
  })

  it('refuses every other address, and anything not a string', async () => {
    const { calls, call } = actions()
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      `https://a.org/${'a'.repeat(9000)}`,
      1,
    ])
      await expect(call(DESKTOP_CHANNELS.openExternal, url)).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(calls).toEqual([])
  })
})
