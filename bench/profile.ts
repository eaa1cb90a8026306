/**
 * One workload of the benchmark in a loop, for `node --cpu-prof`:
 *
 * node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile.ts
 * per-call|ky-call|raw-call|pagination|validation|raw-walk
 *   npx tsx bench/profile-summary.ts /tmp/prof/<file>.cpuprofile
 *
 * The server runs in a child process, so the profile holds the client only.
 */
import ky from 'ky'
import { experimentPage } from './lib/fixtures.js'
import { loadSdk } from './lib/sdk.js'
import { API_KEY, BENCH_RATE_LIMIT, PROJECT_ID, startServer } from './lib/server.js'

const workload = process.argv[2] ?? 'per-call'
const seconds = Number(process.argv[3] ?? 8)

const sdk = await loadSdk()
const server = workload === 'validation' ? undefined : await startServer()
const origin = server?.origin ?? 'http://127.0.0.1:1'
const client = new sdk.ProjectClient({
  apiKey: API_KEY,
  projectId: PROJECT_ID,
  baseUrl: origin,
  rateLimit: BENCH_RATE_LIMIT,
  validateResponses: process.env.BENCH_VALIDATE !== '0',
})
const headers = { accept: 'application/json', authorization: `Bearer ${API_KEY}` }
const until = performance.now() + seconds * 1000
let rounds = 0
try {
  while (performance.now() < until) {
    rounds++
    if (workload === 'per-call') {
      for (let index = 0; index < 100; index++) await client.experiments.retrieve(1)
    } else if (workload === 'ky-call') {
      for (let index = 0; index < 100; index++)
        await ky.get(`${origin}/api/projects/${PROJECT_ID}/experiments/1/`, { headers }).json()
    } else if (workload === 'raw-call') {
      for (let index = 0; index < 100; index++)
        await (await fetch(`${origin}/api/projects/${PROJECT_ID}/experiments/1/`, { headers })).json()
    } else if (workload === 'pagination') {
      for await (const item of client.experiments.list({ limit: 100 })) if (item.id < 0) throw new Error('unreachable')
    } else if (workload === 'raw-walk') {
      let url: string | null = `${origin}/api/projects/${PROJECT_ID}/experiments/?limit=100`
      while (url) {
        const body = (await (await fetch(url, { headers })).json()) as { next: string | null }
        url = body.next
      }
    } else if (workload === 'validation') {
      const text = JSON.stringify(experimentPage(`${origin}/api/projects/1/experiments/`, 0, 100, 10_000))
      const decode = sdk.decodePage(sdk.experimentSchema)
      for (let index = 0; index < 200; index++) decode(JSON.parse(text), true)
    } else {
      throw new Error(`unknown workload ${workload}`)
    }
  }
} finally {
  await server?.close()
}
process.stderr.write(`${workload}: ${rounds} rounds in ${seconds} s\n`)
