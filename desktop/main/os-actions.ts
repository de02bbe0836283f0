import { isAbsolute, join } from 'node:path'
import { DESKTOP_CHANNELS, PATH_KINDS, type PathKind } from '../preload/api.ts'
import type { MenuLanguage } from './menu.ts'
import { externalLink } from './navigation.ts'

/** The longest path and link the window may hand over; anything longer is not a real one. */
export const MAX_PATH_LENGTH = 4096
export const MAX_URL_LENGTH = 8192

/** A refused argument: the window sent something the action does not take. */
export class InvalidArgumentError extends Error {
  override name = 'InvalidArgumentError'
}

/** The operating system's side of the actions (Electron's dialog and shell in the app). */
export type OsActionDeps = {
  showOpenDialog(options: {
    title: string
    defaultPath?: string
    properties: ('openFile' | 'openDirectory' | 'showHiddenFiles' | 'createDirectory')[]
  }): Promise<{ canceled: boolean; filePaths: string[] }>
  showItemInFolder(path: string): void
  openExternal(url: string): Promise<void>
  homeDir: string
  language: MenuLanguage
}

const TITLES: Record<MenuLanguage, Record<PathKind, string>> = {
  en: { folder: 'Choose a folder', 'ssh-key': 'Choose an SSH key file' },
  fr: { folder: 'Choisir un dossier', 'ssh-key': 'Choisir un fichier de clé SSH' },
}

function single(args: unknown[]): unknown {
  if (args.length !== 1) throw new InvalidArgumentError(`expected one argument, got ${args.length}`)
  return args[0]
}

function pathKind(args: unknown[]): PathKind {
  const kind = single(args)
  if (!PATH_KINDS.includes(kind as PathKind)) throw new InvalidArgumentError('unknown kind of path')
  return kind as PathKind
}

function absolutePath(args: unknown[]): string {
  const path = single(args)
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_LENGTH) {
    throw new InvalidArgumentError('expected a path')
  }
  if (path.includes('\0') || !isAbsolute(path)) throw new InvalidArgumentError('expected an absolute path')
  return path
}

function webLink(args: unknown[]): string {
  const url = single(args)
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH)
    throw new InvalidArgumentError('expected a link')
  const link = externalLink(url)
  if (!link) throw new InvalidArgumentError('only web and mail links are opened')
  return link
}

/** An action's handler: takes the window's arguments as they came, checks them, then acts. */
export type OsAction = (...args: unknown[]) => Promise<unknown>

/**
 * The main process's handler for each channel of the preload's API. Each checks its arguments
 * (kinds, strings, lengths, absolute paths, web or mail links) before acting, and throws an
 * InvalidArgumentError instead when they are wrong.
 */
export function createOsActions(deps: OsActionDeps): Record<string, OsAction> {
  return {
    async [DESKTOP_CHANNELS.choosePath](...args) {
      const kind = pathKind(args)
      const result = await deps.showOpenDialog(
        kind === 'folder'
          ? { title: TITLES[deps.language].folder, properties: ['openDirectory', 'createDirectory'] }
          : {
              title: TITLES[deps.language]['ssh-key'],
              defaultPath: join(deps.homeDir, '.ssh'),
              // Key files live in a hidden folder and often have no extension.
              properties: ['openFile', 'showHiddenFiles'],
            },
      )
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async [DESKTOP_CHANNELS.revealInFolder](...args) {
      deps.showItemInFolder(absolutePath(args))
    },
    async [DESKTOP_CHANNELS.openExternal](...args) {
      await deps.openExternal(webLink(args))
    },
  }
}
