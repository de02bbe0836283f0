import { and, eq, inArray } from 'drizzle-orm'
import type { GitStateStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { EMPTY_GIT_STATE } from '../database/store-rows.ts'
import type { Db } from './open-database.ts'
import type { OrgScope } from './org-scope.ts'
import { gitConflicts, heldFiles, spaceGit } from './schema.ts'

/** Git state, conflicts and held files of one space; `scope` refuses a space of another organization. */
export function spaceGitStore(db: Db, { check }: OrgScope, spaceId: number): Sync<GitStateStore> {
  return {
    get: () => {
      check(spaceId)
      const row = db.select().from(spaceGit).where(eq(spaceGit.spaceId, spaceId)).get()
      if (!row) return { ...EMPTY_GIT_STATE }
      const { spaceId: _id, ...state } = row
      return state
    },
    update: (changes) => {
      check(spaceId)
      db.insert(spaceGit)
        .values({ spaceId, ...changes })
        .onConflictDoUpdate({ target: spaceGit.spaceId, set: changes })
        .run()
    },
    conflicts: () => {
      check(spaceId)
      return db
        .select({
          path: gitConflicts.path,
          localSha: gitConflicts.localSha,
          remoteSha: gitConflicts.remoteSha,
          detectedAt: gitConflicts.detectedAt,
        })
        .from(gitConflicts)
        .where(eq(gitConflicts.spaceId, spaceId))
        .orderBy(gitConflicts.path)
        .all()
    },
    addConflicts: (conflicts) => {
      check(spaceId)
      db.transaction(() => {
        for (const c of conflicts) {
          db.insert(gitConflicts)
            .values({ spaceId, ...c })
            .onConflictDoUpdate({
              target: [gitConflicts.spaceId, gitConflicts.path],
              set: { localSha: c.localSha, remoteSha: c.remoteSha },
            })
            .run()
        }
      })
    },
    removeConflicts: (paths) => {
      check(spaceId)
      if (paths.length === 0) return
      db.delete(gitConflicts)
        .where(and(eq(gitConflicts.spaceId, spaceId), inArray(gitConflicts.path, paths)))
        .run()
    },
    heldFiles: () => {
      check(spaceId)
      return db
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
        .all()
    },
    holdFile: (file) => {
      check(spaceId)
      db.insert(heldFiles)
        .values({ spaceId, ...file })
        .onConflictDoUpdate({ target: [heldFiles.spaceId, heldFiles.path], set: file })
        .run()
    },
    releaseHeldFiles: (paths) => {
      check(spaceId)
      if (paths.length === 0) return
      db.delete(heldFiles)
        .where(and(eq(heldFiles.spaceId, spaceId), inArray(heldFiles.path, paths)))
        .run()
    },
  }
}
