/** The blobs one space's pages had when last tidied or seen: what the inbox reports as changed. */
export interface PageMarkStore {
  get(): Promise<Map<string, string | null>>
  mark(marks: { path: string; sha: string | null }[], now: number): Promise<void>
  /** Starts reporting changes from `base` afresh (forgetting the marks). */
  resetChangeBase(base: string | null): Promise<void>
}
