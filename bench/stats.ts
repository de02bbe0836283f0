/** Median and 95th percentile of a list of durations (ms). */
export function summarize(samples: number[]): { median: number; p95: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { median: at(0.5), p95: at(0.95), n: sorted.length }
}

/** One line of a benchmark report. */
export function report(name: string, samples: number[]): void {
  const { median, p95, n } = summarize(samples)
  console.log(
    `${name.padEnd(58)} median ${median.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms   (n=${n})`,
  )
}

/** Runs `fn` `count` times (after `warmup` untimed runs) and returns each run's duration in ms. */
export async function time(
  count: number,
  fn: (i: number) => Promise<unknown>,
  warmup = 20,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i)
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await fn(i)
    samples.push(performance.now() - started)
  }
  return samples
}
