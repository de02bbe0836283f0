import type { Extension } from '@codemirror/state'

/** Markdown rendered in place, except on the lines being edited, which show their source. */
export function livePreview(): Extension {
  return []
}
