/**
 * 10. Configuration as code: `pull` then `plan` of a project with about 1,000 resources (100 of each of the
 * ten kinds; each experiment's flag is pulled as a flag too), against the fake over a socket. Requests by operation
 * (goal: one list walk per group plus one
 * read per hog function, their list being slim, and nothing else), wall time against a fetch loop making
 * exactly those requests (the fewest there are; ~420, under the 480-a-minute burst limit, so the limits
 * add no wait; medians of alternating rounds, every answer 20 ms late as over a network; with no
 * latency too, where the client's own cost per request shows), and the heap the pulled config and the plan
 * hold. Then `apply` of 100 updates: 100 writes plus the stale check's 100 reads, against a fetch loop
 * making the same requests. Then the same 100 updates as a saved plan (`writePlan`, `readPlan`, `apply`): 100
 * re-reads, all before the first write, and 100 writes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ProjectClient } from '../src/index.js'
import {
  apply,
  ConfigError,
  plan,
  pull,
  readConfig,
  readPlan,
  writePlan,
  type ProjectConfig,
} from '../src/config/index.js'
import { createFakeApi, type FakeApi } from '../src/testing/index.js'

export const CONFIG_PER_GROUP = 100
export const CONFIG_UPDATES = 100
const READS = 4
const ROUNDS = 7
export const CONFIG_LATENCY_MS = 20
const LATENCY_MS = CONFIG_LATENCY_MS

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

export interface ConfigResult {
  /** Resources pulled and planned. */
  resources: number
  /** Requests of pull + plan by operation. */
  requests: Record<string, number>
  /** Requests the fetch-loop baseline made (list pages + one read per hog function), for each of pull and plan. */
  fewest: number
  pullPlanMs: number
  baselineMs: number
  /** With every answer CONFIG_LATENCY_MS late. */
  ratio: number
  /** With no latency: the client's own cost per request (see the per-call section). */
  localRatio: number
  heapMb: number
  applyRequests: { writes: number; reads: number; other: number }
  applyMs: number
  /** The same reads and writes from a fetch loop. */
  applyBaselineMs: number
  applyRatio: number
  /**
   * Apply of a saved plan of CONFIG_UPDATES updates: its re-reads, whether all of them came before the first write, and
   * its writes.
   */
  savedApplyRequests: { writes: number; reads: number; other: number; readsFirst: boolean }
  /** readConfig refusing a 1 MiB file of unknown keys (median), and the problems it listed. */
  unknownKeys: { ms: number; keys: number; problems: number }
}

/**
 * The probe of issue 26: a 1 MiB spec file of ~100k unknown keys (`k0: 1`, …) took 232 s to refuse (a
 * quadratic duplicate-key check and one suggestion and line lookup per key). Median of ROUNDS reads.
 */
export async function benchUnknownKeysFile(): Promise<ConfigResult['unknownKeys']> {
  const root = mkdtempSync(join(tmpdir(), 'bench-config-'))
  try {
    mkdirSync(join(root, 'surveys'))
    const lines = ['name: flood', 'type: api', 'questions: []']
    for (let index = 0, size = 40; size < 1024 * 1024 - 20; index++) {
      lines.push(`k${index}: 1`)
      size += lines.at(-1)!.length + 1
    }
    writeFileSync(join(root, 'surveys', 'flood.yaml'), `${lines.join('\n')}\n`)
    const times: number[] = []
    let problems = 0
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now()
      const error = await readConfig(root).catch((caught: unknown) => caught)
      times.push(performance.now() - started)
      if (!(error instanceof ConfigError)) throw new Error('bench config: the file of unknown keys was accepted')
      problems = error.problems.length
    }
    return { ms: median(times), keys: lines.length - 3, problems }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

function countByOperation(fake: FakeApi, from: number): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const request of fake.requests.slice(from))
    counts[request.operation ?? 'unknown'] = (counts[request.operation ?? 'unknown'] ?? 0) + 1
  return counts
}

/** The fewest requests: every page of each list (following `next`), then each hog function read, READS at a time. */
async function fetchLoop(origin: string, apiKey: string, projectId: number): Promise<number> {
  const headers = { authorization: `Bearer ${apiKey}` }
  let requests = 0
  const walk = async (path: string) => {
    const items: Array<{ id: string }> = []
    let url: string | null = `${origin}/api/projects/${projectId}/${path}`
    while (url) {
      const page = (await (await fetch(url, { headers })).json()) as {
        results: Array<{ id: string }>
        next: string | null
      }
      requests++
      items.push(...page.results)
      url = page.next
    }
    return items
  }
  const [, , hogFunctions] = await Promise.all([
    walk('experiments/'),
    walk('experiments/?archived=true'),
    walk('hog_functions/'),
    walk('surveys/'),
    walk('endpoints/'),
    walk('event_definitions/'),
    walk('feature_flags/'),
    walk('cohorts/'),
    walk('actions/'),
    walk('experiment_holdouts/'),
    walk('experiment_saved_metrics/'),
    walk('early_access_feature/'),
    walk('insights/'),
    walk('dashboards/'),
  ])
  let next = 0
  await Promise.all(
    Array.from({ length: READS }, async () => {
      while (next < hogFunctions.length) {
        const { id } = hogFunctions[next++]!
        await (await fetch(`${origin}/api/projects/${projectId}/hog_functions/${id}/`, { headers })).json()
        requests++
      }
    }),
  )
  return requests
}

/** A read then a write of each resource, READS at a time: what the stale check and the update send. */
async function readWriteLoop(
  origin: string,
  apiKey: string,
  projectId: number,
  group: string,
  ids: ReadonlyArray<unknown>,
  description: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }
  let next = 0
  await Promise.all(
    Array.from({ length: READS }, async () => {
      while (next < ids.length) {
        const url = `${origin}/api/projects/${projectId}/${group}/${String(ids[next++])}/`
        await (await fetch(url, { headers })).json()
        await (await fetch(url, { method: 'PATCH', headers, body: JSON.stringify({ description }) })).json()
      }
    }),
  )
}

/** `desired` planned, saved, read back and applied: the requests of the apply. */
async function applySaved(
  fake: FakeApi,
  client: ProjectClient,
  desired: ProjectConfig,
): Promise<ConfigResult['savedApplyRequests']> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-saved-plan-'))
  try {
    await writePlan(join(dir, 'plan.json'), await plan(client, desired))
    const saved = await readPlan(join(dir, 'plan.json'))
    const from = fake.requests.length
    const report = await apply(client, saved, { concurrency: READS })
    if (report.applied !== CONFIG_UPDATES)
      throw new Error(`bench config: the saved plan applied ${report.applied} of ${CONFIG_UPDATES}`)
    const methods = fake.requests.slice(from).map((request) => request.method)
    const writes = methods.filter((method) => method === 'PATCH').length
    const reads = methods.filter((method) => method === 'GET').length
    return { writes, reads, other: methods.length - writes - reads, readsFirst: methods.indexOf('PATCH') === reads }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function benchConfig(): Promise<ConfigResult> {
  const fake = createFakeApi()
  for (const seed of [
    fake.seed.experiments,
    fake.seed.surveys,
    fake.seed.hogFunctions,
    fake.seed.endpoints,
    fake.seed.eventDefinitions,
    fake.seed.cohorts,
    fake.seed.actions,
    fake.seed.holdouts,
    fake.seed.savedMetrics,
  ])
    seed(CONFIG_PER_GROUP)
  // The experiments' flags make the flags' hundred.
  const server = await fake.listen()
  try {
    const client = new ProjectClient(fake.clientOptions(server.url))
    const pullPlan = async () => {
      const config = await pull(client)
      return { config, planned: await plan(client, config, { env: {} }) }
    }
    // Warm-up, then the heap the pulled config and its plan hold.
    await pullPlan()
    globalThis.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    const from = fake.requests.length
    const { config, planned } = await pullPlan()
    const requests = countByOperation(fake, from)
    globalThis.gc?.()
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6
    if (planned.changes.some((change) => change.action !== 'unchanged'))
      throw new Error('bench config: pull → plan is not empty')
    let fewest = 0
    // Alternating rounds: pull + plan, then the fetch loop twice (once for each); medians of each.
    const timeRounds = async (rounds: number) => {
      const sdkTimes: number[] = []
      const baselineTimes: number[] = []
      for (let round = 0; round < rounds; round++) {
        let started = performance.now()
        await pullPlan()
        sdkTimes.push(performance.now() - started)
        started = performance.now()
        fewest = await fetchLoop(server.url, fake.apiKey, fake.projectId)
        await fetchLoop(server.url, fake.apiKey, fake.projectId)
        baselineTimes.push(performance.now() - started)
      }
      return { sdkMs: median(sdkTimes), baselineMs: median(baselineTimes) }
    }
    const local = await timeRounds(ROUNDS)
    // Over a network: every answer LATENCY_MS late, as a service's would be.
    fake.faults.delayNext(Number.MAX_SAFE_INTEGER, { ms: LATENCY_MS })
    const { sdkMs: pullPlanMs, baselineMs } = await timeRounds(3)

    // apply of CONFIG_UPDATES updates (a new description each round), against a fetch loop making the same
    // read and write per resource, kind after kind, READS at a time; answers still LATENCY_MS late.
    const editedIn = (round: number): ProjectConfig => ({
      surveys: config.surveys!.map((spec, index) =>
        index < CONFIG_UPDATES / 2 ? { ...spec, description: `bench ${round}` } : spec,
      ),
      experiments: config.experiments!.map((spec, index) =>
        index < CONFIG_UPDATES / 2 ? { ...spec, description: `bench ${round}` } : spec,
      ),
    })
    const applyTimes: number[] = []
    const applyBaselineTimes: number[] = []
    let applyRequests = { writes: 0, reads: 0, other: 0 }
    for (let round = 0; round < 3; round++) {
      const changes = await plan(client, editedIn(round))
      const applyFrom = fake.requests.length
      let started = performance.now()
      const report = await apply(client, changes, { concurrency: READS })
      applyTimes.push(performance.now() - started)
      if (report.applied !== CONFIG_UPDATES)
        throw new Error(`bench config: applied ${report.applied} of ${CONFIG_UPDATES}`)
      const sent = fake.requests.slice(applyFrom)
      const writes = sent.filter((request) => request.method === 'PATCH').length
      const reads = sent.filter((request) => request.method === 'GET').length
      applyRequests = { writes, reads, other: sent.length - writes - reads }
      started = performance.now()
      for (const group of ['surveys', 'experiments'] as const) {
        const ids = changes.changes
          .filter((change) => change.kind === group && change.action === 'update')
          .map((change) => change.id)
        await readWriteLoop(server.url, fake.apiKey, fake.projectId, group, ids, `baseline ${round}`)
      }
      applyBaselineTimes.push(performance.now() - started)
    }
    fake.faults.clear()
    const applyMs = median(applyTimes)
    const applyBaselineMs = median(applyBaselineTimes)
    const savedApplyRequests = await applySaved(fake, client, editedIn(3))
    const unknownKeys = await benchUnknownKeysFile()
    return {
      resources: Object.values(config).flat().length,
      requests,
      fewest,
      pullPlanMs,
      baselineMs,
      ratio: pullPlanMs / baselineMs,
      localRatio: local.sdkMs / local.baselineMs,
      heapMb,
      applyRequests,
      applyMs,
      applyBaselineMs,
      applyRatio: applyMs / applyBaselineMs,
      savedApplyRequests,
      unknownKeys,
    }
  } finally {
    await server.close()
  }
}
