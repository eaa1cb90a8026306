// The scenario in Cloudflare's workerd, through the npm package `miniflare` (its `workerd` binary as
// shipped): a module worker bundled by esbuild as a Workers build does it (the `workerd`/`worker`/
// `browser` conditions, one file with the SDK inside, no Node built-ins), calling the fake on 127.0.0.1.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundle, consumerFolder, operationsSeen, removeFolder, root, startFake, type ScenarioFake } from './harness.js'
import { EXPECTED_OPERATIONS, expectedScenario, type ScenarioResult } from './scenario.js'

let consumer: string
let api: ScenarioFake
let worker: Miniflare
let script: string
let inputs: string[]

beforeAll(async () => {
  consumer = consumerFolder('workerd')
  const outfile = join(consumer, 'worker.mjs')
  // The SDK resolved by name from the consumer's node_modules, like a Workers project's dependency.
  inputs = await bundle('runtimes/worker-entry.ts', outfile, {
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    external: [],
    nodePaths: [join(consumer, 'node_modules')],
  })
  script = readFileSync(outfile, 'utf8')
  api = await startFake()
  worker = new Miniflare({ modules: true, script, compatibilityDate: '2026-01-01' })
  await worker.ready
}, 120_000)

afterAll(async () => {
  await worker?.dispose()
  await api?.server.close()
  removeFolder(consumer)
})

describe('the scenario in Cloudflare Workers (workerd)', () => {
  it('is one self-contained module: the built SDK inside, no Node built-in', () => {
    expect(script).not.toMatch(/\bfrom\s*["'](node:|ky|zod|posthog-project-client)/)
    // The package as published (dist/, through its exports map), not the sources.
    expect(inputs.filter((file) => file.endsWith('dist/index.js'))).toHaveLength(1)
    expect(inputs.filter((file) => file.includes('src/'))).toEqual([])
  })

  it(
    'constructs, lists 3 pages, creates, retrieves, narrows a 404, an abort and a response that fails its check, ' +
      'never shows the key',
    async () => {
      const response = await worker.dispatchFetch(
        `http://worker.test/?${new URLSearchParams({ config: JSON.stringify(api.config) })}`,
      )
      const report = (await response.json()) as { version: string; result: ScenarioResult }
      const workerdVersion = (
        JSON.parse(readFileSync(join(root, 'node_modules/workerd/package.json'), 'utf8')) as { version: string }
      ).version
      console.log(`workerd ${workerdVersion} (${report.version}): ${JSON.stringify(report.result ?? report)}`)
      expect(response.status, JSON.stringify(report)).toBe(200)
      expect(report.version).toBe('Cloudflare-Workers')
      expect(report.result).toEqual(expectedScenario(false))
      expect(operationsSeen(api.fake)).toEqual(EXPECTED_OPERATIONS)
    },
  )
})
