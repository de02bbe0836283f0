import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { api, ok } from '../../app/api.ts'
import { invalidateSpaceContent, isUnderWay, tidyKeys, useTidyRuns } from './queries.ts'

const spaceApi = api.organizations[':org'].spaces[':space']

/**
 * `Revert` a tidy-up run: an inverse commit, and the run's notes back in the inbox; the runs, then
 * whatever the revert changed, are read again.
 */
export function useRevertRun(org: string, space: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      ok(
        spaceApi.tidy.runs[':id'].revert.$post({
          param: { org, space, id },
        }),
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: tidyKeys.runs(org, space) })
      await invalidateSpaceContent(client, org, space)
    },
  })
}

/**
 * `Tidy up now`: starts a run, follows it until it ends and then re-reads everything it may have
 * changed, whichever screen started it; `run` is that run once listed (with its outcome when done),
 * `isSettled` whether its end is shown: the inbox read again, so that "done" never sits beside a
 * list still holding the notes it filed.
 */
export function useTidyNow(org: string, space: string) {
  const client = useQueryClient()
  const [started, setStarted] = useState<string | null>(null)
  const start = useMutation({
    mutationFn: () => ok(spaceApi.tidy.$post({ param: { org, space } })),
    onSuccess: ({ run }) => {
      setStarted(run)
      void client.invalidateQueries({ queryKey: tidyKeys.runs(org, space) })
    },
  })
  const runs = useTidyRuns(org, space)
  const run = started ? runs.data?.find((r) => r.id === started) : undefined
  // A quick run may be over before it is first seen running: its end is what counts, seen once.
  const ended = run !== undefined && !isUnderWay(run)
  const [settled, setSettled] = useState<string | null>(null)
  useEffect(() => {
    if (!ended || !started) return
    let isCurrent = true
    void invalidateSpaceContent(client, org, space).then(() => {
      if (isCurrent) setSettled(started)
    })
    return () => {
      isCurrent = false
    }
  }, [ended, started, client, org, space])
  return { start, run, isSettled: ended && settled === started }
}
