import { enableCompileCache, registerHooks } from 'node:module'

/**
 * ES module packages whose package.json holds a large `exports` map. Node (24) parses that map
 * again for every one of the package's own files it loads, to learn the file's format: drizzle-orm's
 * is 179 KB, read for each of the ~120 files the store loads, which was a second or more of each start.
 */
const LARGE_MANIFESTS = ['drizzle-orm']

const OWN_FILE = new RegExp(`/node_modules/(?:${LARGE_MANIFESTS.join('|')})/`)

/**
 * Resolves the relative imports between those packages' own files straight to the file, as the
 * ES modules their package says they are, so Node does not read their package.json once more for
 * each. Called before the modules that import them are loaded (a dynamic import after it).
 */
function quickenPackageImports(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL
      if (
        parent !== undefined &&
        OWN_FILE.test(parent) &&
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        specifier.endsWith('.js')
      )
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true }
      return nextResolve(specifier, context)
    },
  })
}

/**
 * What a process started from the sources does before loading the app's modules (with a dynamic
 * import after it), most of a start being that loading: the packages' own files resolved quickly, and
 * the modules' compiled code kept between starts (in the system's temporary folder, or
 * NODE_COMPILE_CACHE).
 */
export function quickenModuleLoading(): void {
  quickenPackageImports()
  enableCompileCache()
}
