/**
 * `fn` over every item, at most `workers` at a time, the results in the items' order: for reads that
 * mostly wait on the disk, where a few at once go faster than one by one and all at once would not.
 */
export async function mapInTurns<T, R>(
  items: readonly T[],
  workers: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T, i)
  }
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker))
  return out
}
