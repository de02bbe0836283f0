import { describe, expect, it } from 'vitest'
import { createDesktopApi, DESKTOP_CHANNELS } from './api.ts'

const source = {
  platform: 'linux',
  versions: { electron: '45.4.1', chrome: '142.0', node: '24.1.0', v8: '14.2', openssl: '3.5' },
  env: { SECRET: 'x' },
}

describe('createDesktopApi', () => {
  it('shows the renderer the platform and three versions, nothing else of the process', () => {
    const api = createDesktopApi(source, async () => null)
    expect(api.platform).toBe('linux')
    expect(api.versions).toEqual({ electron: '45.4.1', chrome: '142.0', node: '24.1.0' })
    expect(Object.keys(api).sort()).toEqual([
      'choosePath',
      'openExternal',
      'platform',
      'revealInFolder',
      'versions',
    ])
  })

  it('sends each action on its own channel with its own argument, and returns the answer', async () => {
    const sent: unknown[][] = []
    const api = createDesktopApi(source, async (channel, ...args) => {
      sent.push([channel, ...args])
      return channel === DESKTOP_CHANNELS.choosePath ? '/home/ada/notes' : undefined
    })
    expect(await api.choosePath('folder')).toBe('/home/ada/notes')
    expect(await api.revealInFolder('/home/ada/notes/a.md')).toBeUndefined()
    expect(await api.openExternal('https://example.org/')).toBeUndefined()
    expect(sent).toEqual([
      ['desktop:choose-path', 'folder'],
      ['desktop:reveal-in-folder', '/home/ada/notes/a.md'],
      ['desktop:open-external', 'https://example.org/'],
    ])
  })
})
