import { defineConfig } from 'tsup'

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    // Everything but the command line's files, which the second build writes into the same folder at the same time.
    clean: ['!cli.js', '!cli.js.map'],
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    splitting: false,
    treeshake: true,
    external: ['ky', 'msw', 'node:http', 'node:net'],
    // zod is bundled (tree-shaken) into the JS: importing zod/mini loads 92 modules, 64 of them locales,
    // which made the cold start 2.5× ky's. The .d.ts files still import zod's types from 'zod/mini'.
    noExternal: ['zod'],
  },
  {
    // The `posthog-project` command. Node only, ESM, one file; the SDK is not bundled in: the command
    // imports the package's own main entry (`posthog-project-client`, Node's self-reference) only when it
    // sends a request, so `--help` and `--version` start as fast as Node itself.
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    external: ['posthog-project-client'],
    banner: { js: '#!/usr/bin/env node' },
  },
])
