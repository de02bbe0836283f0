import { useQuery } from '@tanstack/react-query'
import { desktopQuery } from './queries.ts'

/** The desktop engine's info, or null on the hosted server (and while it is not known yet). */
export function useDesktop() {
  return useQuery(desktopQuery).data ?? null
}
