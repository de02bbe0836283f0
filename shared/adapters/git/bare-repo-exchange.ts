import git from 'isomorphic-git'
import { isSshAddress } from '../../domain/git-address.ts'
import { ZERO_OID } from '../../domain/git-names.ts'
import type { RemoteAccess, RepoExchange } from '../../ports/repo.ts'
import type { OutboundGuard } from '../net/outbound-guard.ts'
import type { BareRepoState } from './bare-repo-state.ts'
import { durableFs as fs } from './durable-files.ts'
import { gitHttpClient } from './git-http.ts'
import { commitsSince, packSince } from './objects.ts'
import { basicAuth, discoverReceivePack, sendReceivePack } from './receive-pack.ts'
import { httpAuth } from './remote-access.ts'
import { talkToRemote } from './remote-errors.ts'
import { replayOnto } from './replay.ts'
import { cliFetch, cliPush } from './ssh-remote.ts'
import { treeOf, unsafeEntry } from './trees.ts'

/**
 * The exchange of a bare repository with its remote: over HTTP through isomorphic-git and our own
 * push, over SSH through the system `git`. The remote is reached only where `guard` allows.
 */
export function bareRepoExchange(state: BareRepoState, guard: OutboundGuard): RepoExchange {
  const { gitdir, g, localRef, trackingRef, head, tipNow, remoteHead, setRef } = state
  const http = gitHttpClient(guard)
  /** What the remote said it supports, learnt at the first push: later pushes skip the discovery round trip. */
  let remoteCapabilities: Set<string> | undefined

  /**
   * Refuses a fetched tip whose tree holds a name Git refuses as unsafe (`.git` in any spelling,
   * `..`, ...): no read or write could go through such a tree. The tracking ref goes back to what it
   * was, so neither the branch nor a push builds on it, and the space keeps its last good content.
   */
  const refuseUnsafe = async (tip: string, before: string | undefined) => {
    const local = await head()
    const unsafe = await unsafeEntry(g, await treeOf(g, tip), local ? await treeOf(g, local) : undefined)
    if (unsafe === undefined) return
    if (before) await setRef(trackingRef, before, 'fetch: refused an unsafe remote tip')
    else {
      await git.deleteRef({ fs, gitdir, ref: trackingRef })
      state.remember(trackingRef, undefined)
    }
    throw new Error(
      `the remote branch holds the path ${JSON.stringify(unsafe.slice(0, 200))}, which Git refuses as unsafe: it was not taken and the space keeps its last good content; remove that path on the remote`,
    )
  }

  const mergeBase = async (a: string, b: string) => {
    const [base] = await git.findMergeBase({ fs, gitdir, oids: [a, b], cache: g.cache })
    return base as string | undefined
  }

  return {
    remoteHead,
    fetch: async (remote: RemoteAccess) => {
      if (isSshAddress(remote.url)) {
        // git fetch has moved the tracking ref itself: only this process's copy of it is left to update.
        const before = await remoteHead()
        const tip = await talkToRemote(() => cliFetch(gitdir, remote, guard))
        if (tip) {
          await refuseUnsafe(tip, before)
          state.remember(trackingRef, tip)
        }
        return tip
      }
      // isomorphic-git maps fetched refs through the remote's config: keep it pointing at this address.
      if ((await git.getConfig({ fs, gitdir, path: 'remote.origin.url' })) !== remote.url) {
        await git.addRemote({ fs, gitdir, remote: 'origin', url: remote.url, force: true })
      }
      const auth = httpAuth(remote)
      const before = await remoteHead()
      const result = await talkToRemote(() =>
        git.fetch({
          fs,
          http,
          gitdir,
          url: remote.url,
          remote: 'origin',
          ref: remote.branch,
          remoteRef: remote.branch,
          singleBranch: true,
          tags: false,
          cache: g.cache,
          // Credentials go with the first request: waiting for a 401 would cost a round trip per fetch.
          headers: auth ? { Authorization: basicAuth(auth) } : {},
        }),
      )
      const tip = result.fetchHead ?? undefined
      if (tip) {
        await refuseUnsafe(tip, before)
        await setRef(trackingRef, tip, 'fetch')
      }
      return tip
    },
    push: async (remote: RemoteAccess) => {
      const tip = await tipNow()
      if (!tip) return 'up_to_date'
      const known = await remoteHead()
      if (isSshAddress(remote.url)) {
        const outcome = await talkToRemote(() => cliPush(gitdir, remote, tip, guard))
        if (outcome !== 'rejected') await setRef(trackingRef, tip, 'push')
        return outcome
      }
      const auth = httpAuth(remote)
      /** Sends the commits the remote lacks since `oldOid`; the remote refuses if its branch moved from there. */
      const send = async (oldOid: string | undefined, capabilities: Set<string>) => {
        const pack = await packSince(g, tip, oldOid)
        const { result } = await talkToRemote(() =>
          sendReceivePack({
            guard,
            url: remote.url,
            auth,
            ref: localRef,
            oldOid: oldOid ?? ZERO_OID,
            newOid: tip,
            pack,
            capabilities,
          }),
        )
        if (result === 'rejected') return 'rejected'
        await setRef(trackingRef, tip, 'push')
        return 'pushed'
      }
      if (remoteCapabilities && known) {
        // The remote checks that its branch is still at `known`; if it moved, the update is refused.
        try {
          return await send(known, remoteCapabilities)
        } catch (error) {
          // A remote rewritten under us may lack `known`: fall back to a full exchange.
          if (/unpack/.test(String((error as Error).message))) return 'rejected'
          throw error
        }
      }
      const { refs, capabilities } = await talkToRemote(() => discoverReceivePack(guard, remote.url, auth))
      remoteCapabilities = capabilities
      const current = refs.get(localRef)
      if (current === tip) {
        await setRef(trackingRef, tip, 'push')
        return 'up_to_date'
      }
      // The remote moved since we last saw it: our commits must be put on top of it first.
      if (current !== undefined && current !== known) return 'rejected'
      return send(current, capabilities)
    },
    integrate: async () => {
      const local = await head()
      const remote = await remoteHead()
      if (!remote || local === remote) return { head: local, conflicts: [] }
      if (!local) {
        await setRef(localRef, remote, 'integrate: first fetch')
        return { head: remote, conflicts: [] }
      }
      const base = await mergeBase(local, remote)
      if (base === remote) return { head: local, conflicts: [] }
      if (base === local) {
        await setRef(localRef, remote, 'integrate: fast-forward')
        return { head: remote, conflicts: [] }
      }
      // Diverged: replay each local commit on the remote tip, oldest first.
      const { onto, conflicts } = await replayOnto(g, await commitsSince(g, local, base), remote)
      await setRef(localRef, onto, 'integrate: replayed local commits on the remote')
      return { head: onto, conflicts }
    },
    aheadBehind: async () => {
      const local = await head()
      const remote = await remoteHead()
      if (!local || !remote)
        return { ahead: local ? (await commitsSince(g, local, undefined)).length : 0, behind: 0 }
      if (local === remote) return { ahead: 0, behind: 0 }
      const base = await mergeBase(local, remote)
      return {
        ahead: (await commitsSince(g, local, base)).length,
        behind: (await commitsSince(g, remote, base)).length,
      }
    },
  }
}
