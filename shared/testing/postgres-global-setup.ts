import type { TestProject } from 'vitest/node'
import { INSTALL_HINT, postgresBinaries, startPostgresCluster } from './postgres-cluster.ts'

/** Whether this run is continuous integration, where a missing PostgreSQL is a failure. */
function inCi(): boolean {
  const ci = process.env.CI?.toLowerCase()
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0'
}

/**
 * Starts one throwaway PostgreSQL server for the whole test run and gives its address to the tests
 * (`inject('postgresUrl')`, through shared/testing/postgres.ts). Without the server's programs, the
 * PostgreSQL suites are skipped, or the run fails in continuous integration.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const bin = postgresBinaries()
  if (!bin) {
    const missing = `PostgreSQL server not found under /usr/lib/postgresql: ${INSTALL_HINT}`
    if (inCi()) throw new Error(`${missing}; continuous integration runs the PostgreSQL suites`)
    console.warn(`Skipping the PostgreSQL suites. ${missing}.`)
    project.provide('postgresUrl', null)
    return undefined
  }
  const cluster = await startPostgresCluster(bin)
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
