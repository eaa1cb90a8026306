// The scenario on every server-side runtime: Node 20 (this process's), the lowest Node `engines` admits
// (20.19: `require` of ESM, which the CommonJS build needs for ky), 22 and 24 (from the npm registry),
// Bun and Deno (the npm packages `bun` and `deno`: the binaries their platform packages ship, so no
// install script is needed).
// Each runs test/runtimes/cli-entry.ts, bundled with the SDK left as an import by name, from a folder
// where `posthog-project-client` resolves to this checkout's dist/ (`npm run build` first).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bundle,
  consumerFolder,
  operationsSeen,
  removeFolder,
  root,
  runReporting,
  runtimeBinary,
  startFake,
  type ScenarioFake,
} from './harness.js'
import { EXPECTED_OPERATIONS, expectedScenario } from './scenario.js'

let consumer: string
beforeAll(async () => {
  consumer = consumerFolder('runtimes')
  const inputs = await bundle('runtimes/cli-entry.ts', join(consumer, 'scenario.mjs'))
  // Only the scenario is bundled: the runtime itself resolves the SDK by name, to dist/.
  expect(inputs.filter((file) => !file.startsWith('test/runtimes/'))).toEqual([])
  expect(readFileSync(join(consumer, 'scenario.mjs'), 'utf8')).toMatch(/from\s*["']posthog-project-client["']/)
}, 60_000)
afterAll(() => removeFolder(consumer))

/**
 * The binary of Node `version` (a major, or `major.minor`) from the npm registry (package `node`), through npx's cache.
 */
function nodeBinary(version: string): string {
  if (version === process.versions.node.split('.')[0]) return process.execPath
  return execFileSync('npx', ['-y', '-p', `node@${version}`, 'node', '-p', 'process.execPath'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim()
}

/** The lowest Node version of each range `engines` admits (`^20.19.0 || >=22.12.0` → `20.19`, `22.12`). */
export const LOWEST_NODES = [
  ...(
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
  ).engines.node.matchAll(/(?:\^|>=)\s*(\d+\.\d+)(?:\.0)?/g),
].map((match) => match[1]!)

const RUNTIMES: Array<{ name: string; version: RegExp; command: () => [string, string[]] }> = [
  ...['20', ...LOWEST_NODES, '22', '24'].map((version) => ({
    name: `Node ${version}`,
    version: new RegExp(`^Node v${version.replace('.', '\\.')}\\.`),
    command: (): [string, string[]] => [nodeBinary(version), ['scenario.mjs']],
  })),
  { name: 'Bun', version: /^Bun \d+\.\d+\.\d+/, command: () => [runtimeBinary('bun'), ['scenario.mjs']] },
  {
    name: 'Deno',
    version: /^Deno \d+\.\d+\.\d+/,
    // The folder's package.json makes Deno resolve bare names from its node_modules, as in a Deno project with npm
    // packages.
    command: () => [
      runtimeBinary('deno'),
      ['run', '--quiet', '--no-prompt', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', 'scenario.mjs'],
    ],
  },
]

for (const { name, version, command } of RUNTIMES)
  describe(`the scenario on ${name}`, () => {
    let api: ScenarioFake
    beforeAll(async () => {
      api = await startFake()
    })
    afterAll(() => api?.server.close())

    it(
      'constructs, lists 3 pages, creates, retrieves, narrows a 404, an abort and a response that fails its ' +
        'check, never shows the key',
      async () => {
        const [binary, args] = command()
        const report = await runReporting(binary, [...args, JSON.stringify(api.config)], consumer)
        console.log(`${report.version}: ${JSON.stringify(report.result)}`)
        expect(report.version).toMatch(version)
        expect(report.result).toEqual(expectedScenario(false))
        expect(operationsSeen(api.fake)).toEqual(EXPECTED_OPERATIONS)
      },
    )
  })

for (const LOWEST_NODE of LOWEST_NODES)
  describe(`the scenario on the lowest Node ${LOWEST_NODE} engines admits, through require()`, () => {
    it('require() loads the main entry, the fake and the configuration entry, and a client answers', () => {
      const script = `
      const { ProjectClient, ResponseTooLargeError } = require('posthog-project-client')
      const { createFakeApi } = require('posthog-project-client/testing')
      require('posthog-project-client/config')
      const fake = createFakeApi()
      fake.seed.experiments([{ name: 'one' }])
      const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
      client.experiments.list().then((page) => {
        console.log(process.version, typeof ResponseTooLargeError, page.results.length)
      })
    `
      const out = execFileSync(nodeBinary(LOWEST_NODE), ['-e', script], { cwd: consumer, encoding: 'utf8' })
      expect(out.trim()).toMatch(new RegExp(`^v${LOWEST_NODE.replace('.', '\\.')}\\.\\d+ function 1$`))
    })
  })
