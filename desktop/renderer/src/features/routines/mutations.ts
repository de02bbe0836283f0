import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType } from 'hono/client'
import { api, ok } from '../../app/api.ts'
import { type Routine, routineKeys } from './queries.ts'

const routinesApi = api.organizations[':org'].spaces[':space'].routines

export type RoutineFields = InferRequestType<(typeof routinesApi)[':id']['$patch']>['json']
export type NewRoutine = InferRequestType<(typeof routinesApi)['$post']>['json']

/** Creates a routine; its webhook's secret, if it has one, comes back this once. */
export function useCreateRoutine(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: NewRoutine) => ok(routinesApi.$post({ param: { org, space }, json })),
    onSettled: () => client.invalidateQueries({ queryKey: routineKeys.list({ org, space }), exact: true }),
  })
}

/** Changes a routine's settings (or switches it on or off). */
export function useUpdateRoutine(org: string, space: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: RoutineFields) => ok(routinesApi[':id'].$patch({ param: { org, space, id }, json })),
    onSettled: () => client.invalidateQueries({ queryKey: routineKeys.list({ org, space }), exact: true }),
  })
}

/** Deletes a routine; its report page stays in the wiki, and its runs are no longer asked for. */
export function useDeleteRoutine(org: string, space: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(routinesApi[':id'].$delete({ param: { org, space, id } })),
    onSuccess: () => {
      // Off the list first, so that its card is gone before its runs could be asked for again.
      client.setQueryData<Routine[]>(routineKeys.list({ org, space }), (list) =>
        list?.filter((routine) => routine.id !== id),
      )
      client.removeQueries({ queryKey: routineKeys.runs({ org, space }, id) })
    },
    onSettled: () => client.invalidateQueries({ queryKey: routineKeys.list({ org, space }), exact: true }),
  })
}

/** Runs a routine now: its runs are read again (and again while it runs), then the routine. */
export function useRunRoutine(org: string, space: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(routinesApi[':id'].run.$post({ param: { org, space, id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: routineKeys.runs({ org, space }, id) }),
  })
}
