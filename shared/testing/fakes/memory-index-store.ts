import { DEFAULT_INDEX_STATE } from '../../adapters/database/store-rows.ts'
import type { FileMeta, IndexLink, IndexState, IndexStore, SpaceIndexStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import {
  byBinary,
  changesOf,
  fields,
  type MemoryTables,
  mustRefer,
  mustSetSomething,
  pick,
  rowsOf,
} from './memory-tables.ts'

const FILE_META = fields<FileMeta>({
  path: true,
  sha: true,
  title: true,
  kind: true,
  extracted: true,
  owner: true,
  verified: true,
  reviewEvery: true,
  lastChange: true,
  size: true,
})

const LINK = fields<IndexLink>({ fromPath: true, target: true, toPath: true, wiki: true })

const INDEX_STATE = fields<IndexState>({
  commit: true,
  meaning: true,
  embedderId: true,
  vectorsCommit: true,
})

/** The search index's metadata and link graph in memory, per space, as in SQLite. */
export function memoryIndexStore(tables: MemoryTables): IndexStore {
  return { forSpace: (spaceId) => memoryPort(spaceIndex(tables, spaceId)) }
}

function spaceIndex(tables: MemoryTables, spaceId: number): Sync<SpaceIndexStore> {
  // Read in path order, as SQLite reads them through the table's key.
  const files = () =>
    [...(tables.indexFiles.get(spaceId)?.values() ?? [])].sort((a, b) => byBinary(a.path, b.path))
  const dropLinks = (paths: string[]) => {
    const from = new Set(paths)
    const links = tables.indexLinks.get(spaceId)
    if (links)
      tables.indexLinks.set(
        spaceId,
        links.filter((link) => !from.has(link.fromPath)),
      )
  }
  return {
    files,
    shas: () => files().map(({ path, sha }) => ({ path, sha })),
    pageTerms: () =>
      files()
        .filter((f) => f.kind === 'markdown')
        .map(({ path, sha }) => ({ path, sha, terms: tables.indexTerms.get(spaceId)?.get(path) ?? null })),
    file: (path) => tables.indexFiles.get(spaceId)?.get(path),
    // In the order asked, once per path asked.
    filesAt: (paths) =>
      paths.flatMap((path) => {
        const found = tables.indexFiles.get(spaceId)?.get(path)
        return found ? [found] : []
      }),
    upsert: (metas, links) => {
      mustRefer(tables.spaces.has(spaceId), 'index_files.space_id')
      const kept = rowsOf(tables.indexFiles, spaceId)
      const terms = rowsOf(tables.indexTerms, spaceId)
      for (const meta of metas) {
        kept.set(meta.path, pick(meta, FILE_META))
        terms.set(meta.path, meta.terms ?? null)
      }
      dropLinks(metas.map((meta) => meta.path))
      const graph = tables.indexLinks.get(spaceId) ?? []
      tables.indexLinks.set(spaceId, [...graph, ...links.map((link) => pick(link, LINK))])
    },
    remove: (paths) => {
      for (const path of paths) {
        tables.indexFiles.get(spaceId)?.delete(path)
        tables.vectorShas.get(spaceId)?.delete(path)
        tables.indexTerms.get(spaceId)?.delete(path)
      }
      dropLinks(paths)
    },
    clear: () => {
      tables.indexFiles.delete(spaceId)
      tables.vectorShas.delete(spaceId)
      tables.indexTerms.delete(spaceId)
      tables.indexLinks.delete(spaceId)
      const state = tables.indexState.get(spaceId)
      if (state) Object.assign(state, { commit: null, vectorsCommit: null })
    },
    unembedded: (limit) =>
      files()
        .filter((f) => tables.vectorShas.get(spaceId)?.get(f.path) !== f.sha)
        .slice(0, limit)
        .map(({ path, sha }) => ({ path, sha })),
    markEmbedded: (done) => {
      const shas = tables.vectorShas.get(spaceId) ?? new Map<string, string>()
      tables.vectorShas.set(spaceId, shas)
      for (const { path, sha } of done)
        if (tables.indexFiles.get(spaceId)?.get(path)?.sha === sha) shas.set(path, sha)
    },
    forgetEmbedded: () => {
      tables.vectorShas.delete(spaceId)
    },
    embedProgress: () => {
      const all = files()
      const shas = tables.vectorShas.get(spaceId)
      return { files: all.length, embedded: all.filter((f) => shas?.get(f.path) === f.sha).length }
    },
    // In the order they were added, as SQLite reads them.
    links: () => tables.indexLinks.get(spaceId) ?? [],
    linksInto: (path) =>
      (tables.indexLinks.get(spaceId) ?? []).filter(
        (link) =>
          link.toPath === path || link.toPath === null || !tables.indexFiles.get(spaceId)?.has(link.toPath),
      ),
    state: () => tables.indexState.get(spaceId) ?? { ...DEFAULT_INDEX_STATE },
    setState: (changes) => {
      const set = changesOf(changes, INDEX_STATE)
      mustSetSomething(set)
      mustRefer(tables.spaces.has(spaceId), 'index_state.space_id')
      tables.indexState.set(spaceId, { ...(tables.indexState.get(spaceId) ?? DEFAULT_INDEX_STATE), ...set })
    },
  }
}
