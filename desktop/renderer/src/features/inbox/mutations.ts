import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { api, ok } from '../../app/api.ts'
import { homeKeys } from '../home/queries.ts'
import { readAttachments } from './attachments.ts'
import type { NoteDraft } from './note-fields.tsx'
import { inboxKeys } from './queries.ts'

const inboxApi = api.organizations[':org'].spaces[':space'].inbox

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
export function useDropNote(
  org: string,
  space: string,
  onDropped: (note: { name: string; title: string }) => void,
) {
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
