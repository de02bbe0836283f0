/** Links between the files of a space: finding them in Markdown and keeping them right when a file moves. */
export { findLinks, type LinkRef } from './links/find.ts'
export { isExternalTarget, relativeTarget, resolveTarget, storedLinkPaths } from './links/paths.ts'
export { moveRewriter } from './links/rewrite.ts'
export { resolveWikiTarget } from './links/wiki.ts'
