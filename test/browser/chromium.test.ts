// A real browser: Debian's Chromium, driven by playwright-core (never a downloaded browser), loads a page
// from 127.0.0.1 that imports the SDK's browser bundle by name through an import map, and runs the shared
// scenario against the fake's listen() on another port (cross-origin, CORS). Runs with
// `npm run test:browser` (after `npm run build`); CI installs chromium first, and a missing browser fails
// this test rather than skipping it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectScenarioPassed, startScenarioPage, type ScenarioPage } from './page.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
let page: ScenarioPage
let profile: string
let context: BrowserContext

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`)
  page = await startScenarioPage()
  // A fresh profile for every run (launchPersistentContext takes the --user-data-dir as its first argument).
  profile = mkdtempSync(join(tmpdir(), 'phc-chromium-'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}, 120_000)

afterAll(async () => {
  await context?.close()
  await page?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

describe('the scenario in Chromium', () => {
  it(
    'refuses without dangerouslyAllowBrowser, then lists 3 pages, creates, retrieves, narrows a 404, an abort ' +
      'and a response that fails its check, never shows the key',
    async () => {
      const tab = await context.newPage()
      const failures: string[] = []
      tab.on('pageerror', (error) => failures.push(error.message))
      const loaded: string[] = []
      tab.on('response', (response) => loaded.push(`${response.status()} ${new URL(response.url()).pathname}`))
      await tab.goto(page.url)
      const outcome = await tab.evaluate(() => window.__scenario)
      console.log(`Chromium ${context.browser()?.version() ?? '?'}: ${JSON.stringify(outcome)}`)
      expect(failures).toEqual([])
      expect(loaded).toEqual(expect.arrayContaining(['200 /', '200 /sdk.js', '200 /scenario.js']))
      expectScenarioPassed(outcome, page.api, /Chrome\//)
      await tab.close()
    },
  )
})
