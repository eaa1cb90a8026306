import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `npm run test:package`: the packed tarball installed into a fresh folder (ESM, CommonJS, strict TypeScript).
export default defineConfig({
  resolve: base.resolve,
  test: { include: ['test/package/tarball/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 240_000 },
})
