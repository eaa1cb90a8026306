import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `npm run test:browser`: the Chromium scenario only (it needs /usr/bin/chromium, which CI installs).
export default defineConfig({
  resolve: base.resolve,
  test: { include: ['test/browser/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
})
