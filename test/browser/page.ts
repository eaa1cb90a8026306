// What the browser tests share: the SDK bundled for the browser from the built package (as a user's
// bundler gets it: by name, through the `exports` map), the page's module, a static server for both on
// 127.0.0.1, and the fake on another port (cross-origin: CORS).
import { readFileSync, readdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect } from 'vitest'
import {
  bundle,
  consumerFolder,
  operationsSeen,
  removeFolder,
  startFake,
  type ScenarioFake,
} from '../runtimes/harness.js'
import { EXPECTED_OPERATIONS, expectedScenario } from '../runtimes/scenario.js'
import type { PageOutcome } from './scenario.js'

/** A page that runs the scenario, and the fake it talks to. */
export interface ScenarioPage {
  /** The page's URL (the fake's address and key in its query). */
  url: string
  api: ScenarioFake
  close(): Promise<void>
}

export async function startScenarioPage(): Promise<ScenarioPage> {
  const work = consumerFolder('browser')
  const www = join(work, 'www')
  // The SDK as a browser app gets it: one minified ESM file with ky and zod inside.
  const inputs = await bundle('browser/sdk-entry.ts', join(www, 'sdk.js'), {
    platform: 'browser',
    conditions: ['browser'],
    external: [],
    minify: true,
    nodePaths: [join(work, 'node_modules')],
  })
  expect(inputs.filter((file) => file.endsWith('dist/index.js') || file.includes('src/'))).toEqual(['dist/index.js'])
  // The page's own module; it imports the SDK by name, which the page's import map points at /sdk.js.
  await bundle('browser/scenario.ts', join(www, 'scenario.js'), { platform: 'browser' })
  expect(readdirSync(www).sort()).toEqual(['scenario.js', 'sdk.js'])
  const sdk = readFileSync(join(www, 'sdk.js'), 'utf8')
  expect(sdk).not.toMatch(/\bfrom\s*["'](node:|ky|zod)/)
  expect(readFileSync(join(www, 'scenario.js'), 'utf8')).toMatch(/from\s*["']posthog-project-client["']/)
  console.log(`browser bundle: ${sdk.length} bytes minified, ${gzipSync(sdk).length} gzipped`)

  const api = await startFake()
  const html = `<!doctype html><meta charset="utf-8"><title>sdk</title>
<script type="importmap">{ "imports": { "posthog-project-client": "/sdk.js" } }</script>
<script type="module" src="/scenario.js"></script>`
  const site: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path === '/sdk.js' || path === '/scenario.js')
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(www, path)))
    else if (path === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(html)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const query = new URLSearchParams({
    key: api.config.apiKey,
    project: String(api.config.projectId),
    api: api.config.baseUrl,
  })
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/?${query}`,
    api,
    async close() {
      await new Promise((resolve) => site.close(resolve))
      await api.server.close()
      removeFolder(work)
    },
  }
}

/** Checks what the page reported and what the fake saw. */
export function expectScenarioPassed(outcome: PageOutcome, api: ScenarioFake, userAgent: RegExp): void {
  expect(outcome).not.toHaveProperty('failed')
  if ('failed' in outcome) return
  expect(outcome.userAgent).toMatch(userAgent)
  expect(outcome.result).toEqual(expectedScenario(true))
  // Cross-origin: every call went over the network to the fake, from the page's origin.
  expect(operationsSeen(api.fake)).toEqual(EXPECTED_OPERATIONS)
}
