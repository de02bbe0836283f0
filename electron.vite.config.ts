import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'electron-vite'

const root = fileURLToPath(new URL('.', import.meta.url))
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }

// The engine is its own bundle, which the utility process loads by name at run time, so the shell
// builds whether or not the engine is there yet.
const engineEntry = resolve(root, 'desktop/engine/engine.ts')

export default defineConfig({
  main: {
    build: {
      // The main process, and next to it the entry of the engine's utility process (out/main/utility.js).
      lib: {
        entry: {
          index: resolve(root, 'desktop/main/index.ts'),
          utility: resolve(root, 'desktop/engine/utility.ts'),
          ...(existsSync(engineEntry) ? { engine: engineEntry } : {}),
        },
      },
    },
  },
  preload: {
    build: {
      lib: { entry: resolve(root, 'desktop/preload/index.ts') },
      // Sandboxed preload scripts cannot be ES modules: emit CommonJS (out/preload/index.cjs).
      rolldownOptions: { output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: resolve(root, 'desktop/renderer'),
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    build: {
      // The same bundle is served to browsers: keep the first download small.
      minify: true,
      rolldownOptions: {
        input: resolve(root, 'desktop/renderer/index.html'),
        // React libraries mark modules "use client" for server components; a plain SPA ignores it.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
        },
      },
    },
  },
})
