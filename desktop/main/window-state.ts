import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A rectangle on the screen, in Electron's device-independent pixels. */
export type Rect = { x: number; y: number; width: number; height: number }

/** The window's normal (unmaximized) bounds and whether it was maximized. */
export type WindowState = Rect & { maximized: boolean }

/** Where the window's state is kept, in the data folder. */
export const WINDOW_STATE_FILE = 'window-state.json'

/** The window's size on first start, and the least it may be made. */
export const DEFAULT_SIZE = { width: 1200, height: 800 } as const
export const MIN_SIZE = { width: 480, height: 360 } as const

// Below this much of the window on a display, it counts as lost off screen.
const MIN_VISIBLE = { width: 120, height: 60 } as const
// A bound far outside any real desktop means the file was damaged or edited.
const MAX_COORDINATE = 100_000

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_COORDINATE
}

/** The state a parsed file holds, or undefined when it is not a sensible window state. */
export function parseWindowState(value: unknown): WindowState | undefined {
  const v = value as Partial<Record<keyof WindowState, unknown>> | null
  if (typeof v !== 'object' || v === null) return undefined
  const { x, y, width, height, maximized } = v
  if (!isCoordinate(x) || !isCoordinate(y) || !isCoordinate(width) || !isCoordinate(height)) return undefined
  if (width < MIN_SIZE.width || height < MIN_SIZE.height || typeof maximized !== 'boolean') return undefined
  return { x, y, width, height, maximized }
}

/** The state kept in `dataDir`, or undefined when there is none or it cannot be used. */
export function readWindowState(dataDir: string): WindowState | undefined {
  try {
    return parseWindowState(JSON.parse(readFileSync(join(dataDir, WINDOW_STATE_FILE), 'utf8')))
  } catch {
    return undefined
  }
}

/** Keeps the window's state in `dataDir`, replacing the file whole (it is written as the app quits). */
export function writeWindowState(dataDir: string, state: WindowState): void {
  const file = join(dataDir, WINDOW_STATE_FILE)
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(state)}\n`)
  renameSync(temporary, file)
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return { width: Math.max(0, width), height: Math.max(0, height) }
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, high))
}

function centered(size: { width: number; height: number }, area: Rect): Rect {
  const width = Math.min(size.width, area.width)
  const height = Math.min(size.height, area.height)
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  }
}

/**
 * Where to open the window: its kept bounds when enough of them is on a display now there, pulled
 * fully onto that display and shrunk to fit it; else centred on the primary display. `workAreas`
 * are the displays' work areas (without task bars and docks), `primary` the primary one's.
 */
export function placeWindow(saved: WindowState | undefined, workAreas: Rect[], primary: Rect): WindowState {
  if (!saved) return { ...centered(DEFAULT_SIZE, primary), maximized: false }
  let best: { area: Rect; visible: number } | undefined
  for (const area of workAreas) {
    const { width, height } = overlap(saved, area)
    if (width < MIN_VISIBLE.width || height < MIN_VISIBLE.height) continue
    if (!best || width * height > best.visible) best = { area, visible: width * height }
  }
  if (!best) return { ...centered(saved, primary), maximized: saved.maximized }
  const { area } = best
  const width = Math.min(saved.width, area.width)
  const height = Math.min(saved.height, area.height)
  return {
    x: clamp(saved.x, area.x, area.x + area.width - width),
    y: clamp(saved.y, area.y, area.y + area.height - height),
    width,
    height,
    maximized: saved.maximized,
  }
}
