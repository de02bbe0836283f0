import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { api, ok } from '../../app/api.ts'
import { homeKeys } from '../home/queries.ts'
import { readAttachments } from './attachments.ts'
import type { NoteDraft } from './note-fields.tsx'
import { inboxKeys, invalidateSpaceContent, isUnderWay, tidyKeys, useTidyRuns } from './queries.ts'

const spaceApi = api.organizations[':org'].spaces[':space']
const inboxApi = spaceApi.inbox

/**
 * Once an item left the inbox (seen, deleted): forget it, read the inbox and the home screen's
 * activity again, and go back to the list.
 */
function useLeaveItem(org: string, space: string, name: string) {
  const client = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    client.removeQueries({ queryKey: inboxKeys.item(org, space, name) })
    await client.invalidateQueries({ queryKey: inboxKeys.all(org, space) })
    void client.invalidateQueries({ queryKey: homeKeys.activity(org, space) })
    await navigate({ to: '/s/$org/$space/inbox', params: { org, space } })
  }
}

/** `Mark as seen`: the changed page leaves the inbox; back to the list. */
export function useMarkSeen(org: string, space: string, name: string) {
  const leave = useLeaveItem(org, space, name)
  return useMutation({
    mutationFn: () => ok(inboxApi[':name'].seen.$post({ param: { org, space, name } })),
    onSuccess: leave,
  })
}

/** `Delete`: the note and its files go; back to the list. */
export function useDeleteNote(org: string, space: string, name: string) {
  const leave = useLeaveItem(org, space, name)
  return useMutation({
    mutationFn: () => ok(inboxApi[':name'].$delete({ param: { org, space, name } })),
    onSuccess: leave,
  })
}

/** A note as dropped: its fields, the files picked, and whether a likely secret is meant. */
export type Drop = { draft: NoteDraft; files: File[]; allowSecrets: boolean }

/**
 * Drops a note (its files read as it is sent); the inbox and the space's activity are read again
 * after `onDropped`.
 */
export function useDropNote(org: string, space: string, onDropped: (note: { title: string }) => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ draft, files, allowSecrets }: Drop) =>
      ok(
        inboxApi.$post({
          param: { org, space },
          json: {
            title: draft.title.trim() || undefined,
            content: draft.text,
            hint: draft.hint.trim() || undefined,
            attachments: files.length ? await readAttachments(files) : undefined,
            ...(allowSecrets ? { allow_secrets: true } : {}),
          },
        }),
      ),
    onSuccess: (note) => {
      onDropped(note)
      void client.invalidateQueries({ queryKey: inboxKeys.all(org, space) })
      void client.invalidateQueries({ queryKey: homeKeys.activity(org, space) })
    },
  })
}

/** `Correct`: a note's new title, text and hint; the inbox is read again before `onSaved`. */
export function useCorrectNote(org: string, space: string, name: string, onSaved: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ draft, allowSecrets }: { draft: NoteDraft; allowSecrets: boolean }) =>
      ok(
        inboxApi[':name'].$patch({
          param: { org, space, name },
          json: {
            title: draft.title,
            content: draft.text,
            hint: draft.hint,
            ...(allowSecrets ? { allow_secrets: true } : {}),
          },
        }),
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: inboxKeys.all(org, space) })
      onSaved()
    },
  })
}

/** Files a note left by the tidy-up into a page: the page becomes its hint, the next tidy-up files it. */
export function useFileInto(org: string, space: string, name: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (path: string) =>
      ok(inboxApi[':name'].$patch({ param: { org, space, name }, json: { hint: path } })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: inboxKeys.all(org, space) })
    },
  })
}

/**
 * Moves a note to another space (`<org>/<space>`): it leaves this inbox and lands in the other,
 * then `onMoved` (where it is now).
 */
export function useMoveNote(
  org: string,
  space: string,
  name: string,
  onMoved: (to: { org: string; space: string }) => Promise<void>,
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (to: string) =>
      ok(inboxApi[':name'].move.$post({ param: { org, space, name }, json: { space: to } })),
    onSuccess: async (_, to) => {
      const [toOrg = '', toSpace = ''] = to.split('/')
      client.removeQueries({ queryKey: inboxKeys.item(org, space, name) })
      void client.invalidateQueries({ queryKey: inboxKeys.all(org, space) })
      void client.invalidateQueries({ queryKey: inboxKeys.all(toOrg, toSpace) })
      void client.invalidateQueries({ queryKey: homeKeys.all() })
      await onMoved({ org: toOrg, space: toSpace })
    },
  })
}

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
      invalidateSpaceContent(client, org, space)
    },
  })
}

/**
 * `Tidy up now`: starts a run, follows it until it ends and then re-reads everything it may have
 * changed, whichever screen started it; `run` is that run once listed (with its outcome when done).
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
  useEffect(() => {
    if (ended) invalidateSpaceContent(client, org, space)
  }, [ended, client, org, space])
  return { start, run }
}
