import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSpace } from '../space/queries.ts'

/** Once an item left the inbox (seen, deleted): forget it, refresh the inbox and activity, go back to the list. */
export function useLeaveItem(name: string) {
  const { org, space } = useSpace()
  const client = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    client.removeQueries({ queryKey: ['inbox', org, space, 'item', name] })
    await client.invalidateQueries({ queryKey: ['inbox', org, space] })
    void client.invalidateQueries({ queryKey: ['home-activity', org, space] })
    await navigate({ to: '/s/$org/$space/inbox', params: { org, space } })
  }
}
