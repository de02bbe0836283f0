/** Text extracted from files, by blob id (the same bytes give the same text in any space). */
export interface ExtractStore {
  get(sha: string): Promise<{ text: string | null; error: string | null } | undefined>
  put(sha: string, result: { text: string | null; error: string | null }, at: number): Promise<void>
}
