import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `npm run test:runtimes`: the end-to-end scenario on every runtime (test/runtimes: Node 20/22/24, Bun,
// Deno, Cloudflare Workers; test/browser: Chromium, Firefox). Needs `npm run build` first, and Debian's
// chromium and firefox-esr.
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/runtimes/**/*.test.ts', 'test/browser/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
