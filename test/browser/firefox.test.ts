// A real Firefox: Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi (never a downloaded
// browser: puppeteer-core has no download step), loads the same page as the Chromium test and runs the
// shared scenario against the fake on another port. CI installs firefox-esr first; a missing browser fails
// this test rather than skipping it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectScenarioPassed, startScenarioPage, type ScenarioPage } from './page.js'

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
let page: ScenarioPage
let profile: string
let browser: Browser

beforeAll(async () => {
  if (!existsSync(FIREFOX))
    throw new Error(`Firefox not found at ${FIREFOX}: install it (apt-get install -y firefox-esr) or set FIREFOX_PATH`)
  page = await startScenarioPage()
  profile = mkdtempSync(join(tmpdir(), 'phc-firefox-'))
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
  })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await page?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

describe('the scenario in Firefox', () => {
  it(
    'refuses without dangerouslyAllowBrowser, then lists 3 pages, creates, retrieves, narrows a 404, an abort ' +
      'and a response that fails its check, never shows the key',
    async () => {
      const tab = await browser.newPage()
      const failures: string[] = []
      tab.on('pageerror', (error) => failures.push(String(error)))
      await tab.goto(page.url)
      const outcome = await tab.evaluate(() => window.__scenario)
      console.log(`${await browser.version()}: ${JSON.stringify(outcome)}`)
      expect(failures).toEqual([])
      expectScenarioPassed(outcome, page.api, /Firefox\//)
      await tab.close()
    },
  )
})
