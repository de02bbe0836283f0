/** A short stable key for a path (two FNV-1a hashes), usable in URLs where the path itself is not. */
export function pathKey(path: string): string {
  const hash = (seed: number) => {
    let h = seed >>> 0
    for (let i = 0; i < path.length; i++) {
      h ^= path.charCodeAt(i)
      h = Math.imul(h, 0x01000193) >>> 0
    }
    return h.toString(16).padStart(8, '0')
  }
  return `${hash(0x811c9dc5)}${hash(0x2166136)}`
}
