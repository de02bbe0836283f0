import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_SIZE,
  parseWindowState,
  placeWindow,
  type Rect,
  readWindowState,
  WINDOW_STATE_FILE,
  type WindowState,
  writeWindowState,
} from './window-state.ts'

// A laptop screen with a menu bar, and a second screen to its right.
const laptop: Rect = { x: 0, y: 25, width: 1440, height: 875 }
const external: Rect = { x: 1440, y: 0, width: 2560, height: 1440 }

const state = (rect: Rect, maximized = false): WindowState => ({ ...rect, maximized })

describe('placeWindow', () => {
  it('opens at the default size, centred on the primary display, the first time', () => {
    expect(placeWindow(undefined, [laptop, external], laptop)).toEqual({
      x: 120,
      y: 63,
      width: DEFAULT_SIZE.width,
      height: DEFAULT_SIZE.height,
      maximized: false,
    })
  })

  it('reopens where it was, on whichever display it was, maximized or not', () => {
    const onExternal = state({ x: 2000, y: 100, width: 1600, height: 1000 }, true)
    expect(placeWindow(onExternal, [laptop, external], laptop)).toEqual(onExternal)
    const onLaptop = state({ x: 10, y: 40, width: 900, height: 700 })
    expect(placeWindow(onLaptop, [laptop, external], laptop)).toEqual(onLaptop)
  })

  it('comes back onto the primary display when its display is gone', () => {
    const onExternal = state({ x: 2000, y: 100, width: 1000, height: 700 }, true)
    expect(placeWindow(onExternal, [laptop], laptop)).toEqual(
      state({ x: 220, y: 113, width: 1000, height: 700 }, true),
    )
  })

  it('is pulled fully onto the display it mostly is on, and shrunk to fit it', () => {
    const hanging = state({ x: -300, y: 500, width: 1000, height: 700 })
    expect(placeWindow(hanging, [laptop, external], laptop)).toEqual(
      state({ x: 0, y: 200, width: 1000, height: 700 }),
    )
    const huge = state({ x: 100, y: 100, width: 3000, height: 2000 })
    expect(placeWindow(huge, [laptop], laptop)).toEqual(state({ x: 0, y: 25, width: 1440, height: 875 }))
  })

  it('does not count a sliver left on a display as visible', () => {
    const sliver = state({ x: 1400, y: 100, width: 1000, height: 700 })
    expect(placeWindow(sliver, [laptop], laptop)).toEqual(state({ x: 220, y: 113, width: 1000, height: 700 }))
  })
})

describe('parseWindowState', () => {
  it('accepts a sensible state', () => {
    const good = state({ x: -1200, y: 0, width: 800, height: 600 }, true)
    expect(parseWindowState(good)).toEqual(good)
  })

  it('refuses anything else', () => {
    const good = { x: 0, y: 0, width: 800, height: 600, maximized: false }
    for (const bad of [
      null,
      'x',
      [],
      { ...good, x: '0' },
      { ...good, width: Number.NaN },
      { ...good, height: Number.POSITIVE_INFINITY },
      { ...good, y: 1.5 },
      { ...good, width: 10 },
      { ...good, height: -600 },
      { ...good, x: 1e12 },
      { ...good, maximized: 'yes' },
      { x: 0, y: 0, width: 800 },
    ])
      expect(parseWindowState(bad)).toBeUndefined()
  })
})

describe('the window state file', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'quire-window-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps the state from one start to the next, leaving no temporary file', () => {
    const kept = state({ x: 30, y: 60, width: 1000, height: 700 }, true)
    writeWindowState(dataDir, kept)
    expect(readWindowState(dataDir)).toEqual(kept)
    expect(readdirSync(dataDir)).toEqual([WINDOW_STATE_FILE])
  })

  it('reads nothing from a missing, damaged or invalid file', () => {
    expect(readWindowState(dataDir)).toBeUndefined()
    writeFileSync(join(dataDir, WINDOW_STATE_FILE), '{"x": 1,')
    expect(readWindowState(dataDir)).toBeUndefined()
    writeFileSync(
      join(dataDir, WINDOW_STATE_FILE),
      '{"x": 1, "y": 2, "width": 3, "height": 4, "maximized": false}',
    )
    expect(readWindowState(dataDir)).toBeUndefined()
  })
})
