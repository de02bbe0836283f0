import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE, resolveDataDir, resolvePreloadPath, resolveRendererTarget } from './paths.ts'

const userData = resolve('/home/ada/.config/Quire')
const mainDir = resolve('/opt/quire/out/main')

describe('resolveDataDir', () => {
  it('puts the data directory under the user-data folder by default', () => {
    expect(resolveDataDir(userData, {})).toBe(join(userData, 'data'))
  })

  it('honours the override variable', () => {
    const override = resolve('/srv/quire-data')
    expect(resolveDataDir(userData, { [DATA_DIR_VARIABLE]: override })).toBe(override)
  })

  it('resolves a relative override against the working directory', () => {
    expect(resolveDataDir(userData, { [DATA_DIR_VARIABLE]: 'local-data' })).toBe(resolve('local-data'))
  })

  it('ignores an empty or blank override', () => {
    expect(resolveDataDir(userData, { [DATA_DIR_VARIABLE]: '' })).toBe(join(userData, 'data'))
    expect(resolveDataDir(userData, { [DATA_DIR_VARIABLE]: '   ' })).toBe(join(userData, 'data'))
  })
})

describe('resolvePreloadPath', () => {
  it('points at the CommonJS preload bundle next to the main bundle', () => {
    expect(resolvePreloadPath(mainDir)).toBe(resolve('/opt/quire/out/preload/index.cjs'))
  })
})

describe('resolveRendererTarget', () => {
  const devUrl = 'http://localhost:5173/'

  it('uses the dev server URL when running unpackaged', () => {
    expect(resolveRendererTarget(mainDir, { ELECTRON_RENDERER_URL: devUrl }, false)).toEqual({
      kind: 'url',
      url: devUrl,
    })
  })

  it('loads the built index.html when no dev server is given', () => {
    expect(resolveRendererTarget(mainDir, {}, false)).toEqual({
      kind: 'file',
      path: resolve('/opt/quire/out/renderer/index.html'),
    })
  })

  it('never loads a URL from the environment in a packaged app', () => {
    expect(resolveRendererTarget(mainDir, { ELECTRON_RENDERER_URL: devUrl }, true)).toEqual({
      kind: 'file',
      path: resolve('/opt/quire/out/renderer/index.html'),
    })
  })
})
