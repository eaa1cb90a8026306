import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `npm run test:browser`: the scenario in Chromium and Firefox (Debian's /usr/bin/chromium and
// /usr/bin/firefox-esr, which CI installs; the built package, so `npm run build` first).
export default defineConfig({
  resolve: base.resolve,
  test: { include: ['test/browser/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
})
