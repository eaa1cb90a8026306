import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `npm run test:package`: the built package (its entries, declarations and bundles) and the packed tarball
// installed into a fresh folder (ESM, CommonJS, strict TypeScript).
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/package/build.test.ts', 'test/package/tarball/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
})
