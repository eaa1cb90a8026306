import { defineConfig } from 'tsup'

export default defineConfig({
  // Three entries: the client, the fake (no msw import anywhere in it) and the fake as msw handlers.
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts', 'testing/msw/index': 'src/testing/msw.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  treeshake: true,
  external: ['ky', 'msw', 'node:http', 'node:net'],
  // zod is bundled (tree-shaken) into the JS: importing zod/mini loads 92 modules, 64 of them locales,
  // which made the cold start 2.5× ky's. The .d.ts files still import zod's types from 'zod/mini'.
  noExternal: ['zod'],
})
