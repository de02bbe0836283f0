import type { Root } from 'mdast'
import { findAndReplace } from 'mdast-util-find-and-replace'

/** `[[Name]]` or `[[Name|label]]`, as Obsidian writes them (the name may hold a `#heading`). */
export const WIKI_LINK = /\[\[([^[\]|]+?)(?:\|([^[\]]+?))?\]\]/g

/** The URL scheme wiki links carry until they are resolved against the space's pages. */
export const WIKI_SCHEME = 'wiki:'

/** A remark plugin: wiki links become ordinary links to `wiki:<name>`, resolved later. */
export function remarkWikiLinks() {
  return (tree: Root) => {
    findAndReplace(tree, [
      [
        WIKI_LINK,
        (_match: string, name: string, label: string | undefined) => ({
          type: 'link',
          url: `${WIKI_SCHEME}${encodeURIComponent(name.trim())}`,
          title: null,
          children: [{ type: 'text', value: (label ?? name).trim() }],
        }),
      ],
    ])
  }
}
