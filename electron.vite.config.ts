import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'electron-vite'

const root = fileURLToPath(new URL('.', import.meta.url))
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }

export default defineConfig({
  main: {
    build: {
      lib: { entry: resolve(root, 'desktop/main/index.ts') },
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
