import { readFileSync } from 'node:fs'
import { sep } from 'node:path'
import { defineConfig, type Options } from 'tsup'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

/** How the command's files are built. */
const COMMAND = {
  format: ['cjs'],
  dts: false,
  clean: false,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  splitting: false,
  external: ['posthog-project-client'],
  // zod bundled in: the parts the command's own checks use. The installed zod's CommonJS build loads every
  // module it has (its locales too) beside the ESM copy the SDK loads: a walk's old space would not fit in
  // 16 MB (bench, row 7). The command exports no schema.
  noExternal: ['zod'],
  // Without comments or layout, and ASCII only: V8 holds a script's source for as long as it runs, as one
  // byte a character only when every character is ASCII (half the memory of the command's source). Names
  // are kept, for readable stack traces.
  esbuildOptions(options) {
    options.charset = 'ascii'
    options.minifyWhitespace = true
    options.minifySyntax = true
  },
} satisfies Options

export default defineConfig([
  {
    // The client, the fake (no msw import anywhere in it), the fake as msw handlers, and Hog on this machine (its
    // code one ESM chunk with the fake's test runs; PostHog's parser and VM stay the user's packages, imported on
    // first use). One build: a second would race this one's declarations, which it cleans when it starts.
    entry: {
      index: 'src/index.ts',
      'testing/index': 'src/testing/index.ts',
      'testing/msw/index': 'src/testing/msw.ts',
      'hog/index': 'src/hog/index.ts',
    },
    format: ['esm', 'cjs'],
    // Types from packages not listed in `external` are written into the declarations: type-fest's
    // (`LiteralUnion`, src/schemas/common.ts), a development dependency only, not installed with the package.
    dts: { resolve: true },
    // Everything but the command line's and the configuration entry's files, which the other builds write into the same
    // folder at the same time.
    clean: ['!cli.cjs', '!cli.cjs.map', '!cli-shapes.cjs', '!cli-shapes.cjs.map', '!config/**'],
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    // ESM: code the entries share (the operation table, the rate limits) is one chunk. CommonJS stays one
    // file per entry.
    splitting: true,
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.splitting = false
    },
    treeshake: true,
    // The dependencies are the user's own installed copies (the exported schemas are their zod's schemas).
    external: ['ky', 'zod', 'msw', 'node:http', 'node:net', '@posthog/hogql-parser', '@posthog/hogvm', 'node:crypto'],
  },
  {
    // posthog-project-client/config: Node only (it reads and writes files). The SDK is not bundled in: it
    // imports the package's own entry, so its errors and clients are the user's, and the main bundle is unchanged.
    entry: { 'config/index': 'src/config/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: false,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    external: ['posthog-project-client', 'zod', 'yaml', 'diff'],
  },
  {
    // The `posthog-project` command. Node only; the SDK is not bundled in: the command loads the package's
    // own entry (`posthog-project-client`, Node's self-reference) only when it sends a request, so `--help`
    // and `--version` start about as fast as Node itself. CommonJS: Node loads it synchronously, without
    // starting the ESM loader (measured faster to start, see `npm run bench`).
    ...COMMAND,
    entry: { cli: 'src/cli/main.ts' },
    external: [...COMMAND.external, './cli-shapes.cjs'],
    // What reads a method's flags and checks them, with zod and the request shapes, is a file of its own
    // (below), required on first use: Node compiles only what it loads, and these are 60% of the command.
    esbuildPlugins: [
      {
        name: 'command-shapes-apart',
        setup(build) {
          build.onResolve({ filter: /^\.\/shapes\.js$/ }, ({ importer }) =>
            importer.includes(`${sep}src${sep}cli${sep}`) ? { path: 'shapes', namespace: 'command-shapes' } : undefined,
          )
          // A CommonJS stand-in, so that even `import('./shapes.js')` becomes a plain `require` (an `import()` of
          // the file would start the ESM loader, which holds a second copy of its source).
          build.onLoad({ filter: /.*/, namespace: 'command-shapes' }, () => ({
            contents: "module.exports = require('./cli-shapes.cjs')",
            loader: 'js',
          }))
        },
      },
    ],
    banner: { js: '#!/usr/bin/env node' },
    // The version is written in at build time: `--version` reads no file.
    define: { __CLI_VERSION__: JSON.stringify(version) },
  },
  {
    // The command's flags and checks (src/cli/shapes.ts): it shares no class with the command, whose errors
    // it leaves to the command to throw.
    ...COMMAND,
    entry: { 'cli-shapes': 'src/cli/shapes.ts' },
  },
])
