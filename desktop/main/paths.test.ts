import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  DATA_DIR_VARIABLE,
  rendererFileFor,
  resolveDataDir,
  resolvePreloadPath,
  resolveRendererUrl,
  resolveUtilityPath,
} from './paths.ts'

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

describe('resolveUtilityPath', () => {
  it('points at the engine’s process entry built next to the main bundle', () => {
    expect(resolveUtilityPath(mainDir)).toBe(resolve('/opt/quire/out/main/utility.js'))
  })
})

describe('resolveRendererUrl', () => {
  const devUrl = 'http://localhost:5173/'

  it('uses the dev server URL when running unpackaged', () => {
    expect(resolveRendererUrl({ ELECTRON_RENDERER_URL: devUrl }, false)).toBe(devUrl)
  })

  it('loads the built app from its own scheme when no dev server is given', () => {
    expect(resolveRendererUrl({}, false)).toBe(`${APP_ORIGIN}/`)
  })

  it('never loads a URL from the environment in a packaged app', () => {
    expect(resolveRendererUrl({ ELECTRON_RENDERER_URL: devUrl }, true)).toBe(`${APP_ORIGIN}/`)
  })
})

describe('rendererFileFor', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-renderer-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<div id="root"></div>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers the app’s files, and index.html for the app’s own paths', () => {
    expect(rendererFileFor(dir, `${APP_ORIGIN}/assets/app.js`)).toBe(join(dir, 'assets', 'app.js'))
    expect(rendererFileFor(dir, `${APP_ORIGIN}/`)).toBe(join(dir, 'index.html'))
    expect(rendererFileFor(dir, `${APP_ORIGIN}/s/acme/handbook/page/a.md`)).toBe(join(dir, 'index.html'))
    expect(rendererFileFor(dir, `${APP_ORIGIN}/assets`)).toBe(join(dir, 'index.html'))
  })

  it('never answers a file outside the app’s folder', () => {
    for (const path of ['/../secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json'])
      expect(rendererFileFor(dir, `${APP_ORIGIN}${path}`)).toBe(join(dir, 'index.html'))
  })
})
