/** `make(key)`, made once for each key object and kept as long as the key is (statements of a connection). */
export function madeOncePer<K extends object, T>(make: (key: K) => T): (key: K) => T {
  const made = new WeakMap<K, T>()
  return (key) => {
    let value = made.get(key)
    if (value === undefined) {
      value = make(key)
      made.set(key, value)
    }
    return value
  }
}

/** `make(key)`, made once for each key; at most `limit` are kept, past it they are made again. */
export function madeOnceEach<K, T>(limit: number, make: (key: K) => T): (key: K) => T {
  const made = new Map<K, T>()
  return (key) => {
    let value = made.get(key)
    if (value === undefined) {
      if (made.size >= limit) made.clear()
      value = make(key)
      made.set(key, value)
    }
    return value
  }
}
