/** Types of `parse-prometheus-text-format`, which ships none: Prometheus' text format as prom2json reads it. */
declare module 'parse-prometheus-text-format' {
  /** One series: a counter's or gauge's `value`, or a histogram's `buckets` (by `le`), `count` and `sum`. */
  export type Sample = {
    labels?: Record<string, string>
    value?: string
    buckets?: Record<string, string>
    count?: string
    sum?: string
  }
  /** A metric with its series. */
  export type MetricFamily = {
    name: string
    help: string
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'
    metrics: Sample[]
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[]
}
