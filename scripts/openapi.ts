import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '#shared/api/app.ts'
import { composeNodeDeps } from '#shared/host/node-deps.ts'

// Writes the OpenAPI document the API publishes to the file named (`npm test` lints it), built
// over a throwaway data folder as the server would build it.
const [out] = process.argv.slice(2)
if (!out) {
  console.error('usage: node scripts/openapi.ts <file>')
  process.exit(2)
}
const dir = mkdtempSync(join(tmpdir(), 'quire-openapi-'))
try {
  const { deps, close } = await composeNodeDeps({
    dataDir: dir,
    secretKey: 'only used to build the document',
    allowPrivateNetwork: false,
    secretScan: 'inline',
  })
  try {
    const response = await createApp(deps, { apiDocs: true }).request('/api/v1/openapi.json')
    if (response.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.status}`)
    writeFileSync(out, await response.text())
  } finally {
    await close()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
