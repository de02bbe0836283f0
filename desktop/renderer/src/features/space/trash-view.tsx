/** The space's trash: pages deleted in the last 30 days, each restored in one click. */
export function TrashView() {
  return null
}
