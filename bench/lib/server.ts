/** Starts `server-main.ts` in a child process and talks to its control routes. */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export const API_KEY = 'phx_benchmarkKey0123456789'
export const PROJECT_ID = 1
/**
 * The benches' pacing: on, so that its cost per call is measured, with limits no run reaches (the service's
 * 480 a minute would hold the per-call bench back). The pacing section measures the waits themselves.
 */
export const BENCH_RATE_LIMIT = { requestsPerMinute: 1_000_000_000, requestsPerHour: 1_000_000_000 }

/** Requests per route, and TCP connections accepted, since the last reset. */
export interface ServerCounts {
  list: number
  retrieve: number
  /** Pages of the survey responses endpoint. */
  responses: number
  other: number
  connections: number
}

export interface BenchServer {
  origin: string
  /** Requests counted since the last reset, per route. */
  counts(): Promise<ServerCounts>
  reset(): Promise<void>
  /** Every API answer from now on leaves `ms` after its request arrived (0: at once). */
  setLatency(ms: number): Promise<void>
  close(): Promise<void>
}

export async function startServer(): Promise<BenchServer> {
  const entry = fileURLToPath(new URL('./server-main.ts', import.meta.url))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`benchmark server exited with ${String(code)} before listening`)
    }),
  ])) as [string]
  const { port } = JSON.parse(line) as { port: number }
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    async counts() {
      const response = await fetch(`${origin}/__bench/counts`)
      return (await response.json()) as ServerCounts
    },
    async reset() {
      await (await fetch(`${origin}/__bench/reset`)).arrayBuffer()
    },
    async setLatency(ms) {
      await (await fetch(`${origin}/__bench/latency?ms=${ms}`)).arrayBuffer()
    },
    async close() {
      lines.close()
      child.stdin?.end()
      if (child.exitCode === null) {
        const exited = once(child, 'exit')
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}
