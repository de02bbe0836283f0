import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright'

/** Where the anchor's page is served from, within the browser only (no server, no name lookup). */
export const BARE_EDITOR_URL = 'http://bare-editor.bench/'

/**
 * Serves the anchor in `page`: CodeMirror alone on the long page (bench/bare-editor-page.ts, built by
 * Vite in memory and minified as the app is), in a page shaped as the app's (the editor in `main`).
 */
export async function serveBareEditor(page: Page, text: string): Promise<void> {
  const { build } = await import('vite')
  const built = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      rollupOptions: { input: fileURLToPath(new URL('./bare-editor-page.ts', import.meta.url)) },
    },
  })
  const [output] = Array.isArray(built) ? built : [built]
  const script =
    output && 'output' in output ? output.output.find((chunk) => chunk.type === 'chunk') : undefined
  if (script?.type !== 'chunk') throw new Error('the bare editor did not build')
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CodeMirror alone</title></head>' +
    `<body><main><div></div></main><script>window.benchText = ${JSON.stringify(text).replaceAll('<', '\\u003c')}</script>` +
    '<script type="module" src="/editor.js"></script></body></html>'
  await page.route(`${BARE_EDITOR_URL}**`, (route) =>
    route.request().url().endsWith('/editor.js')
      ? route.fulfill({ contentType: 'text/javascript', body: script.code })
      : route.fulfill({ contentType: 'text/html', body: html }),
  )
}
