import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { buildMenuTemplate, MENU_LABELS, type MenuLanguage, type MenuOptions, menuLanguage } from './menu.ts'

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])])
}

const labels = (template: MenuItemConstructorOptions[]) =>
  items(template).flatMap((item) => (item.label ? [item.label] : []))

function build(overrides: Partial<MenuOptions> = {}) {
  return buildMenuTemplate({
    language: 'en',
    platform: 'linux',
    isPackaged: true,
    openDataFolder: () => {},
    ...overrides,
  })
}

describe('the menu’s labels', () => {
  it('exist in English and French, every one of them', () => {
    const english = Object.keys(MENU_LABELS.en).sort()
    expect(Object.keys(MENU_LABELS.fr).sort()).toEqual(english)
    for (const language of ['en', 'fr'] as const)
      for (const label of Object.values(MENU_LABELS[language])) expect(label.trim()).not.toBe('')
    expect(MENU_LABELS.fr.file).toBe('Fichier')
  })

  it('are all in the chosen language, on every platform', () => {
    for (const language of ['en', 'fr'] satisfies MenuLanguage[])
      for (const platform of ['linux', 'win32', 'darwin'] as const)
        for (const isPackaged of [true, false]) {
          const shown = labels(build({ language, platform, isPackaged }))
          expect(shown.length).toBeGreaterThan(10)
          for (const label of shown) expect(Object.values(MENU_LABELS[language])).toContain(label)
        }
  })

  it('follow the system’s locale: French for any French locale, English otherwise', () => {
    expect(menuLanguage('fr')).toBe('fr')
    expect(menuLanguage('fr-CA')).toBe('fr')
    expect(menuLanguage('en-US')).toBe('en')
    expect(menuLanguage('de')).toBe('en')
    expect(menuLanguage('')).toBe('en')
  })
})

describe('buildMenuTemplate', () => {
  it('has File, Edit, View, Window and Help menus', () => {
    expect(build({ language: 'fr' }).map((menu) => menu.label)).toEqual([
      'Fichier',
      'Édition',
      'Affichage',
      'Fenêtre',
      'Aide',
    ])
  })

  it('edits text through Electron’s roles', () => {
    const roles = items(build()).map((item) => item.role)
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'quit', 'reload', 'zoomIn'])
      expect(roles).toContain(role)
  })

  it('offers the developer tools only when the app is not packaged', () => {
    const roles = (isPackaged: boolean) => items(build({ isPackaged })).map((item) => item.role)
    expect(roles(true)).not.toContain('toggleDevTools')
    expect(roles(false)).toContain('toggleDevTools')
  })

  it('opens the data folder from Help', () => {
    let opened = 0
    const help = build({ openDataFolder: () => opened++ }).at(-1)!
    const item = (help.submenu as MenuItemConstructorOptions[])[0]!
    expect(item.label).toBe('Open Data Folder')
    item.click?.(undefined as never, undefined, undefined as never)
    expect(opened).toBe(1)
  })

  it('keeps Quit in the app’s own menu on macOS', () => {
    const template = build({ platform: 'darwin' })
    expect(template[0]).toEqual({ role: 'appMenu' })
    const file = template[1]!.submenu as MenuItemConstructorOptions[]
    expect(file.map((item) => item.role)).toEqual(['close'])
  })
})
