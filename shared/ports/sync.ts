/**
 * A port with its methods made synchronous: what an adapter over a synchronous driver implements
 * before it is wrapped into the port (a method may still answer a Promise) (better-sqlite3 answers at once; the port still returns
 * Promises so every adapter, PostgreSQL's too, fits it).
 */
export type Sync<Port> = {
  [K in keyof Port]: Port[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => R | Promise<R>
    : Port[K]
}
