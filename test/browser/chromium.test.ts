// A real browser: Debian's Chromium, driven by playwright-core, runs test/browser/scenario.ts (bundled
// with the SDK for the browser by esbuild) from a page on 127.0.0.1 against the fake's listen() on
// another port (cross-origin, CORS). Runs with `npm run test:browser`; CI installs chromium first.
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeServer } from 'posthog-project-client/testing'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const fake = createFakeApi()
let api: FakeServer
let page: Server
let pageUrl: string
let browser: Browser

beforeAll(async () => {
  fake.seed.experiments(Array.from({ length: 12 }, (_, index) => ({ name: `Experiment ${index + 1}` })))
  api = await fake.listen()
  const bundle = await build({
    entryPoints: [new URL('./scenario.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  })
  const script = bundle.outputFiles[0]!.text
  expect(script).not.toMatch(/from\s*["']node:/)
  const html = '<!doctype html><meta charset="utf-8"><title>sdk</title><script type="module" src="/scenario.js"></script>'
  page = createServer((request, response) => {
    if (request.url?.startsWith('/scenario.js')) response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else response.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  const query = new URLSearchParams({ key: fake.apiKey, project: String(fake.projectId), api: api.url })
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/?${query}`
  readFileSync(CHROMIUM) // fails loudly when the browser is missing: install it (`apt-get install -y chromium`)
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => page?.close(resolve))
  await api?.close()
})

describe('in Chromium', () => {
  it('lists with pagination, creates, and narrows an error with instanceof', async () => {
    const tab = await browser.newPage()
    const failures: string[] = []
    tab.on('pageerror', (error) => failures.push(error.message))
    await tab.goto(pageUrl)
    const result = await tab.evaluate(() => window.__scenario)
    console.log(`browser scenario: ${JSON.stringify(result)}`)
    expect(failures).toEqual([])
    expect(result).toMatchObject({
      userAgent: expect.stringContaining('Chrome/'),
      refused: 'dangerouslyAllowBrowser',
      pages: 3,
      names: Array.from({ length: 12 }, (_, index) => `Experiment ${12 - index}`), // newest first, as the service orders them
      created: 'From the browser',
      notFound: { status: 404, name: 'NotFoundError', keyShown: false },
    })
    const fromPage = fake.requests.filter((request) => request.method !== 'OPTIONS')
    expect(fromPage.map((request) => request.operation)).toEqual([
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
