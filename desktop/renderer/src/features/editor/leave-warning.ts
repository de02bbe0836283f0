import { useEffect } from 'react'

/**
 * While `isAtRisk` (text not saved, or not sent), closing or reloading the tab asks first, with the
 * browser's own question: a draft is kept for the tab's life only.
 */
export function useLeaveWarning(isAtRisk: boolean) {
  useEffect(() => {
    if (!isAtRisk) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [isAtRisk])
}
