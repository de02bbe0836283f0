import { cpSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }

// The engine is a bundle of its own, which the utility process loads by name at run time.
const engineEntry = resolve(root, 'desktop/engine/engine.ts')

/** Copies the SQL migrations, the vocation templates and the built-in meaning model beside the engine's bundle. */
function copyEngineFiles(): Plugin {
  return {
    name: 'copy-engine-files',
    writeBundle(options) {
      const out = resolve(options.dir ?? resolve(root, 'out', 'main'), 'resources')
      for (const [from, to] of [
        ['shared/adapters/sqlite/migrations', 'sqlite-migrations'],
        ['shared/adapters/postgres/migrations', 'postgres-migrations'],
        ['resources/vocation-templates', 'vocation-templates'],
        ['resources/meaning-model', 'meaning-model'],
      ] as const)
        cpSync(resolve(root, from), resolve(out, to), { recursive: true })
    },
  }
}

/**
 * Dependencies bundled into the engine rather than loaded from node_modules at run time: resolving
 * their hundreds of files one by one (each looking for its package.json) cost the engine's start
 * about a second. Native addons, packages that load files or threads by path, and those only the
 * renderer uses stay outside. Packages that share a library (zod, yjs) are bundled together, so one
 * process holds one copy of it.
 */
const BUNDLED_DEPENDENCIES = [
  '@ai-sdk/anthropic',
  '@ai-sdk/openai',
  '@ai-sdk/openai-compatible',
  '@hono/node-server',
  '@hono/zod-openapi',
  '@modelcontextprotocol/hono',
  '@modelcontextprotocol/server',
  'ai',
  'croner',
  'diff',
  'drizzle-orm',
  'fflate',
  'github-slugger',
  'hono',
  'isomorphic-git',
  'jose',
  'lib0',
  'nodemailer',
  'openid-client',
  're2js',
  'remark-frontmatter',
  'remark-gfm',
  'remark-github-blockquote-alert',
  'remark-parse',
  'standardwebhooks',
  'unified',
  'ws',
  'y-protocols',
  'yaml',
  'yjs',
  'zod',
]

export default defineConfig({
  main: {
    plugins: [copyEngineFiles()],
    build: {
      externalizeDeps: { exclude: BUNDLED_DEPENDENCIES },
      // The main process, and next to it the entry of the engine's utility process (out/main/utility.js).
      lib: {
        entry: {
          index: resolve(root, 'desktop/main/index.ts'),
          utility: resolve(root, 'desktop/engine/utility.ts'),
          engine: engineEntry,
          // Threads the engine starts, and the files it reads, beside it (desktop/engine/bundled-resources.ts).
          'extract-worker': resolve(root, 'shared/adapters/extract/worker.ts'),
          'secret-worker': resolve(root, 'shared/adapters/secrets/secret-worker.ts'),
          'builtin-embedder-worker': resolve(root, 'shared/adapters/embed/builtin-worker.ts'),
          'transformers-embedder-worker': resolve(root, 'shared/adapters/embed/transformers-worker.ts'),
          'bit-scan-worker': resolve(root, 'shared/adapters/sqlite/bit-scan-worker.ts'),
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
        // Fewer, larger files where they load together. Left to itself, the bundler split what every
        // screen loads first into 15 files (the modules shared with one lazy screen or another each
        // became a file), and a space's page into 18: a browser asks a server for six at a time
        // (HTTP/1.1), so they queued, and the page's own requests behind them. Now the first code is
        // one file, and a space's frame with its page view another (every space screen needs the
        // frame; the page view is the one most opened); other screens stay files of their own.
        output: {
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'] },
              { name: 'space', test: /features[\\/]space[\\/](space-layout|page-view)\.tsx$/ },
            ],
          },
        },
        // React libraries mark modules "use client" for server components; a plain SPA ignores it.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
        },
      },
    },
  },
})
