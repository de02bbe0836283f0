import { type DragEvent, useEffect, useMemo, useState } from 'react'
import { canDropInto } from './tree-model.ts'

/** The drag's own type: a file of this tree, told apart from links and text dragged in from elsewhere. */
const DRAGGED_FILE = 'application/x-quire-path'

/** A file or a folder (`isFolder`) dropped on a folder ('' for the space's root): the move to confirm. */
export type Drop = { from: string; folder: string; isFolder: boolean }

/** What the tree's rows need to drag a file and to take it in a folder. */
export type TreeDrag = {
  /** The file or folder being dragged, while it is. */
  dragging: string | undefined
  /** The folder that would take it now ('' for the root), highlighted. */
  over: string | undefined
  /** The last drop, until the move is confirmed or cancelled. */
  dropped: Drop | undefined
  clearDropped: () => void
  /** Makes a file's row, or a folder's (`isFolder`), draggable (nothing for people who cannot write). */
  source: (
    path: string,
    isFolder?: boolean,
  ) => {
    draggable?: boolean
    onDragStart?: (event: DragEvent) => void
    onDragEnd?: () => void
  }
  /** Makes a row take files for a folder; nothing while no file of the tree is dragged. */
  target: (folder: string) => {
    onDragOver?: (event: DragEvent) => void
    onDragLeave?: (event: DragEvent) => void
    onDrop?: (event: DragEvent) => void
  }
}

/**
 * Dragging a file or a folder of the tree onto a folder, with the standard drag events (mouse and Playwright
 * alike): where it would go is highlighted, a drop on the folder it is in does nothing, and any
 * other drop is kept for the person to confirm.
 */
export function useTreeDrag(canWrite: boolean): TreeDrag {
  const [dragging, setDragging] = useState<string | undefined>(undefined)
  const [isFolder, setFolder] = useState(false)
  const [over, setOver] = useState<string | undefined>(undefined)
  const [dropped, setDropped] = useState<Drop | undefined>(undefined)

  // A row scrolled out of the virtual list never hears its drag end: the document always does.
  useEffect(() => {
    if (dragging === undefined) return
    const end = () => {
      setDragging(undefined)
      setOver(undefined)
    }
    document.addEventListener('dragend', end)
    document.addEventListener('drop', end)
    return () => {
      document.removeEventListener('dragend', end)
      document.removeEventListener('drop', end)
    }
  }, [dragging])

  // One object while nothing changes, so the tree's rows, kept while their props stay, stay.
  return useMemo(() => {
    const source: TreeDrag['source'] = (path, folder = false) =>
      canWrite
        ? {
            draggable: true,
            onDragStart: (event) => {
              // A folder's row holds its files' rows in no element: the drag is the folder's own.
              event.stopPropagation()
              event.dataTransfer.setData(DRAGGED_FILE, path)
              event.dataTransfer.effectAllowed = 'move'
              setDragging(path)
              setFolder(folder)
            },
            onDragEnd: () => setDragging(undefined),
          }
        : {}

    const target: TreeDrag['target'] = (folder) => {
      if (dragging === undefined || !canDropInto(dragging, folder, isFolder)) return {}
      return {
        onDragOver: (event) => {
          event.preventDefault()
          event.dataTransfer.dropEffect = 'move'
          if (over !== folder) setOver(folder)
        },
        onDragLeave: (event) => {
          // Leaving for one of the row's own children is still being over it.
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return
          setOver((current) => (current === folder ? undefined : current))
        },
        onDrop: (event) => {
          event.preventDefault()
          setDropped({ from: dragging, folder, isFolder })
          setDragging(undefined)
          setOver(undefined)
        },
      }
    }

    return { dragging, over, dropped, clearDropped: () => setDropped(undefined), source, target }
  }, [canWrite, dragging, isFolder, over, dropped])
}
