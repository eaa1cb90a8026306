// A real browser: Debian's Chromium, driven by playwright-core (never a downloaded browser), loads a page
// from 127.0.0.1 that imports the SDK's browser ESM bundle (src/index.ts bundled by esbuild for the
// browser, one file) by name through an import map, and runs test/browser/scenario.ts against the fake's
// listen() on another port (cross-origin, CORS). Runs with `npm run test:browser`; CI installs chromium
// first, and a missing browser fails this test rather than skipping it.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeServer } from 'posthog-project-client/testing'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const root = new URL('../..', import.meta.url).pathname
const fake = createFakeApi()
let work: string
let api: FakeServer
let site: Server
let pageUrl: string
let context: BrowserContext

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`)
  work = mkdtempSync(join(tmpdir(), 'phc-browser-'))
  const www = join(work, 'www')
  // The SDK as a browser app gets it: one ESM file with ky and zod inside.
  await build({ entryPoints: { sdk: join(root, 'src/index.ts') }, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, outdir: www, logLevel: 'error' })
  // The page's own module; it imports the SDK by name, which the page's import map points at /sdk.js.
  await build({ entryPoints: { scenario: join(root, 'test/browser/scenario.ts') }, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', external: ['posthog-project-client'], outdir: www, logLevel: 'error' })
  expect(readdirSync(www).sort()).toEqual(['scenario.js', 'sdk.js'])
  const sdk = readFileSync(join(www, 'sdk.js'), 'utf8')
  expect(sdk).not.toMatch(/\bfrom\s*["'](node:|ky|zod)/)
  expect(readFileSync(join(www, 'scenario.js'), 'utf8')).toMatch(/from\s*["']posthog-project-client["']/)
  console.log(`browser bundle: ${sdk.length} bytes minified, ${gzipSync(sdk).length} gzipped`)

  fake.seed.experiments(Array.from({ length: 12 }, (_, index) => ({ name: `Experiment ${index + 1}` })))
  api = await fake.listen()
  const html = `<!doctype html><meta charset="utf-8"><title>sdk</title>
<script type="importmap">{ "imports": { "posthog-project-client": "/sdk.js" } }</script>
<script type="module" src="/scenario.js"></script>`
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path === '/sdk.js' || path === '/scenario.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(www, path)))
    else if (path === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(html)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const query = new URLSearchParams({ key: fake.apiKey, project: String(fake.projectId), api: api.url })
  pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/?${query}`
  // A fresh profile for every run (launchPersistentContext takes the --user-data-dir as its first argument).
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}, 120_000)

afterAll(async () => {
  await context?.close()
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)))
  await api?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('in Chromium', () => {
  it('refuses without dangerouslyAllowBrowser; lists with pagination, creates, and narrows an error with instanceof', async () => {
    const tab = await context.newPage()
    const failures: string[] = []
    tab.on('pageerror', (error) => failures.push(error.message))
    const loaded: string[] = []
    tab.on('response', (response) => loaded.push(`${response.status()} ${new URL(response.url()).pathname}`))
    await tab.goto(pageUrl)
    const result = await tab.evaluate(() => window.__scenario)
    console.log(`browser scenario: ${JSON.stringify(result)}`)
    expect(failures).toEqual([])
    expect(loaded).toEqual(expect.arrayContaining(['200 /', '200 /sdk.js', '200 /scenario.js']))
    expect(result).toMatchObject({
      userAgent: expect.stringContaining('Chrome/'),
      refused: 'dangerouslyAllowBrowser',
      pages: 3,
      names: Array.from({ length: 12 }, (_, index) => `Experiment ${12 - index}`), // newest first, as the service orders them
      created: 'From the browser',
      notFound: { status: 404, name: 'NotFoundError', keyShown: false },
    })
    // Cross-origin: every call went over the network to the fake, from the page's origin.
    const calls = fake.requests.filter((request) => request.method !== 'OPTIONS')
    expect(calls.map((request) => request.operation)).toEqual([
      'experiments.list',
      'experiments.list',
      'experiments.list',
      'experiments.create',
      'experiments.retrieve',
      'experiments.retrieve',
    ])
    await tab.close()
  })
})
