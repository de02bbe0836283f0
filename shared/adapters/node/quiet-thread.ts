/**
 * Imported first by the worker-thread scripts, before the libraries they load: those print notices and
 * warnings (TensorFlow.js on start, Leptonica on a damaged image), which would land in the server's log.
 * Failures reach the main thread as messages instead.
 *
 * Capturing the thread's output with the Worker option `stdout: true` would also hide it, but a Worker
 * whose output is captured keeps the process alive even once unref'd (Node 24), so a command that used a
 * model once would never exit.
 */
const silent = () => {}
for (const name of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir'] as const) console[name] = silent
process.stdout.write = (() => true) as typeof process.stdout.write
process.stderr.write = (() => true) as typeof process.stderr.write
