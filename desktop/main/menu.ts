import type { MenuItemConstructorOptions } from 'electron'

/** The languages the menu is written in. */
export type MenuLanguage = 'en' | 'fr'

const EN = {
  file: 'File',
  quit: 'Quit Quire',
  closeWindow: 'Close Window',
  edit: 'Edit',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectAll: 'Select All',
  view: 'View',
  reload: 'Reload',
  toggleDevTools: 'Toggle Developer Tools',
  resetZoom: 'Actual Size',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  toggleFullScreen: 'Toggle Full Screen',
  window: 'Window',
  minimize: 'Minimize',
  zoom: 'Zoom',
  help: 'Help',
  openDataFolder: 'Open Data Folder',
} as const

/** Every menu label, in each language. */
export const MENU_LABELS: Record<MenuLanguage, Record<keyof typeof EN, string>> = {
  en: EN,
  fr: {
    file: 'Fichier',
    quit: 'Quitter Quire',
    closeWindow: 'Fermer la fenêtre',
    edit: 'Édition',
    undo: 'Annuler',
    redo: 'Rétablir',
    cut: 'Couper',
    copy: 'Copier',
    paste: 'Coller',
    selectAll: 'Tout sélectionner',
    view: 'Affichage',
    reload: 'Actualiser',
    toggleDevTools: 'Outils de développement',
    resetZoom: 'Taille réelle',
    zoomIn: 'Zoom avant',
    zoomOut: 'Zoom arrière',
    toggleFullScreen: 'Plein écran',
    window: 'Fenêtre',
    minimize: 'Réduire',
    zoom: 'Agrandir',
    help: 'Aide',
    openDataFolder: 'Ouvrir le dossier des données',
  },
}

/** The menu's language for a locale such as Electron's `app.getLocale()` (`fr`, `fr-CA`): French or English. */
export function menuLanguage(locale: string): MenuLanguage {
  return /^fr\b/i.test(locale) ? 'fr' : 'en'
}

/** What the menu needs to know about the running app, and what it does beyond Electron's roles. */
export type MenuOptions = {
  language: MenuLanguage
  platform: NodeJS.Platform
  isPackaged: boolean
  openDataFolder: () => void
}

/** The application menu's template: File, Edit, View, Window and Help, in the chosen language. */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const t = MENU_LABELS[options.language]
  const mac = options.platform === 'darwin'
  const separator: MenuItemConstructorOptions = { type: 'separator' }
  return [
    // macOS keeps Quit in the menu named after the app; Electron fills it in.
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    {
      label: t.file,
      submenu: [mac ? { role: 'close', label: t.closeWindow } : { role: 'quit', label: t.quit }],
    },
    {
      label: t.edit,
      submenu: [
        { role: 'undo', label: t.undo },
        { role: 'redo', label: t.redo },
        separator,
        { role: 'cut', label: t.cut },
        { role: 'copy', label: t.copy },
        { role: 'paste', label: t.paste },
        { role: 'selectAll', label: t.selectAll },
      ],
    },
    {
      label: t.view,
      submenu: [
        { role: 'reload', label: t.reload },
        ...(options.isPackaged ? [] : [{ role: 'toggleDevTools', label: t.toggleDevTools } as const]),
        separator,
        { role: 'resetZoom', label: t.resetZoom },
        { role: 'zoomIn', label: t.zoomIn },
        { role: 'zoomOut', label: t.zoomOut },
        separator,
        { role: 'togglefullscreen', label: t.toggleFullScreen },
      ],
    },
    {
      label: t.window,
      submenu: [
        { role: 'minimize', label: t.minimize },
        ...(mac ? [{ role: 'zoom', label: t.zoom } as const] : []),
        { role: 'close', label: t.closeWindow },
      ],
    },
    {
      label: t.help,
      role: 'help',
      submenu: [{ label: t.openDataFolder, click: () => options.openDataFolder() }],
    },
  ]
}
