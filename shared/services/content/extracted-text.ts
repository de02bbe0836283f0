import type { Deps } from '../../ports/deps.ts'

export type ExtractedTextDeps = Pick<Deps, 'clock' | 'extractor' | 'store'>

/**
 * The text of a document or image, extracted once per blob and kept in the database. A file that
 * cannot be read (damaged, or past the time limit) gives undefined and is not tried again.
 */
export async function extractedText(
  deps: ExtractedTextDeps,
  sha: string,
  bytes: Uint8Array,
  path: string,
): Promise<string | undefined> {
  const cached = await deps.store.extracts.get(sha)
  if (cached) return cached.text ?? undefined
  if (!deps.extractor.handles(path)) return undefined
  try {
    const text = (await deps.extractor.extract(bytes, path)) ?? null
    await deps.store.extracts.put(sha, { text, error: null }, deps.clock.now())
    return text ?? undefined
  } catch (error) {
    // A shutdown interrupting the work says nothing about the file: try again next time.
    if ((error as Error).name === 'ExtractorClosedError') return undefined
    await deps.store.extracts.put(
      sha,
      { text: null, error: String((error as Error).message ?? error).slice(0, 300) },
      deps.clock.now(),
    )
    return undefined
  }
}
