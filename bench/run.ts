import { benchApiRequests } from './api-requests.ts'

/** `npm run bench`: every benchmark, printing median and p95 of each measured operation. */
console.log(`Node ${process.version}, ${new Date().toISOString()}`)
console.log('\n# API request path (real HTTP on loopback)')
await benchApiRequests(2, 5)
await benchApiRequests(10, 20)
