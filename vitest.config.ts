import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^posthog-project-client\/testing\/msw$/,
        replacement: fileURLToPath(new URL('./src/testing/msw.ts', import.meta.url)),
      },
      {
        find: /^posthog-project-client\/hog$/,
        replacement: fileURLToPath(new URL('./src/hog/index.ts', import.meta.url)),
      },
      {
        find: /^posthog-project-client\/config$/,
        replacement: fileURLToPath(new URL('./src/config/index.ts', import.meta.url)),
      },
      {
        find: /^posthog-project-client\/testing$/,
        replacement: fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      },
      { find: /^posthog-project-client$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The scenario on each runtime runs with `npm run test:runtimes` (vitest.runtimes.config.ts; browsers
    // also with `npm run test:browser`), the built package's checks (its declarations: a minute of tsup) and the
    // packed-tarball test with `npm run test:package` (vitest.package.config.ts). All need the build.
    exclude: [
      'test/browser/**',
      'test/runtimes/**',
      'test/package/build.test.ts',
      'test/package/tarball/**',
      'node_modules/**',
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A worker per core (vitest's default leaves one core out: one worker on a 2-core machine, the other core
    // idle while a test waits on a socket, a timer or a child process).
    maxWorkers: '100%',
  },
})
