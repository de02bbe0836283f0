import { Facet, StateEffect } from '@codemirror/state'
import type { PageContext } from '../../../markdown/resolve-links.ts'

/** The words the live preview shows or says to screen readers, in the person's language. */
export type LivePreviewLabels = {
  /** The title of the small arrow that follows a link. */
  openLink: string
  /** The heading of the front matter's properties view. */
  properties: string
  /** Said of an outside image, which the app's policy does not let it load. */
  imageNotLoaded: string
}

/** What the live preview needs from the screen around the editor. */
export type LivePreviewOptions = {
  /** Where the page is, so its links and images resolve; none: links lead nowhere in the app. */
  page(): PageContext | undefined
  /** Opens an address of the app (a page) without reloading it. */
  openInApp(href: string): void
  labels: LivePreviewLabels
}

const NO_LABELS: LivePreviewLabels = { openLink: 'Open link', properties: 'Properties', imageNotLoaded: '' }

/** The live preview's options, as its decorations and widgets read them from the editor's state. */
export const livePreviewOptions = Facet.define<LivePreviewOptions, LivePreviewOptions>({
  combine: (values) => values[0] ?? { page: () => undefined, openInApp: () => undefined, labels: NO_LABELS },
})

/** Told to the editor when the space's files were read (again): links to missing files are drawn anew. */
export const filesRead = StateEffect.define<null>()
