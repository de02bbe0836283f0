import { and, eq, inArray } from 'drizzle-orm'
import type { GitStateStore } from '../../ports/store.ts'
import { EMPTY_GIT_STATE } from '../database/store-rows.ts'
import type { OrgScope } from './org-scope.ts'
import { byCodePoint, excluded, lastPerKey } from './query-helpers.ts'
import { gitConflicts, heldFiles, spaceGit } from './schema.ts'

/** Git state, conflicts and held files of one space; `scope` refuses a space of another organization. */
export function spaceGitStore(scope: OrgScope, spaceId: number): GitStateStore {
  const { db, check, write } = scope
  return {
    get: async () => {
      await check(spaceId)
      const [row] = await db.select().from(spaceGit).where(eq(spaceGit.spaceId, spaceId))
      if (!row) return { ...EMPTY_GIT_STATE }
      const { spaceId: _id, ...state } = row
      return state
    },
    update: (changes) =>
      write(spaceId, async (tx) => {
        await tx
          .insert(spaceGit)
          .values({ spaceId, ...changes })
          .onConflictDoUpdate({ target: spaceGit.spaceId, set: changes })
      }),
    conflicts: async () => {
      await check(spaceId)
      return await db
        .select({
          path: gitConflicts.path,
          localSha: gitConflicts.localSha,
          remoteSha: gitConflicts.remoteSha,
          detectedAt: gitConflicts.detectedAt,
        })
        .from(gitConflicts)
        .where(eq(gitConflicts.spaceId, spaceId))
        .orderBy(byCodePoint(gitConflicts.path))
    },
    addConflicts: (conflicts) =>
      write(spaceId, async (tx) => {
        // A path listed twice keeps the first detection time and the last versions, as row by row.
        const first = new Map<string, number>()
        for (const c of conflicts) if (!first.has(c.path)) first.set(c.path, c.detectedAt)
        const rows = lastPerKey(conflicts, (c) => c.path).map((c) => ({
          spaceId,
          ...c,
          detectedAt: first.get(c.path) ?? c.detectedAt,
        }))
        if (rows.length === 0) return
        await tx
          .insert(gitConflicts)
          .values(rows)
          .onConflictDoUpdate({
            target: [gitConflicts.spaceId, gitConflicts.path],
            set: { localSha: excluded(gitConflicts.localSha), remoteSha: excluded(gitConflicts.remoteSha) },
          })
      }),
    removeConflicts: (paths) =>
      write(spaceId, async (tx) => {
        if (paths.length === 0) return
        await tx
          .delete(gitConflicts)
          .where(and(eq(gitConflicts.spaceId, spaceId), inArray(gitConflicts.path, paths)))
      }),
    heldFiles: async () => {
      await check(spaceId)
      return await db
        .select({
          path: heldFiles.path,
          text: heldFiles.text,
          authorName: heldFiles.authorName,
          authorEmail: heldFiles.authorEmail,
          message: heldFiles.message,
          heldAt: heldFiles.heldAt,
        })
        .from(heldFiles)
        .where(eq(heldFiles.spaceId, spaceId))
        .orderBy(heldFiles.heldAt)
    },
    holdFile: (file) =>
      write(spaceId, async (tx) => {
        await tx
          .insert(heldFiles)
          .values({ spaceId, ...file })
          .onConflictDoUpdate({ target: [heldFiles.spaceId, heldFiles.path], set: file })
      }),
    releaseHeldFiles: (paths) =>
      write(spaceId, async (tx) => {
        if (paths.length === 0) return
        await tx.delete(heldFiles).where(and(eq(heldFiles.spaceId, spaceId), inArray(heldFiles.path, paths)))
      }),
  }
}
