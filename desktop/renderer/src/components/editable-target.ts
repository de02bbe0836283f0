/** Fields and editors a person types into: a keyboard shortcut must leave their keys alone. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), .cm-editor'

/**
 * Whether a key event comes from something the person types in. The whole composed path is read,
 * not the target alone: an editor inside a shadow root (CodeMirror's) gives its host as the target.
 */
export function isFromEditable(event: Event): boolean {
  return event.composedPath().some((node) => node instanceof Element && node.matches(EDITABLE))
}
