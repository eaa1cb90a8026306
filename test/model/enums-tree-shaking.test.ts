import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import * as enums from '../../src/model/enums.js'

/**
 * The value lists of src/model/enums.ts serve the types, the fake and the full-depth request check. The
 * check loads on the first call that needs it, so a browser bundle of the main entry split as a bundler
 * splits it (as the bench builds it) carries them only in the chunk loaded on demand, never up front.
 */
describe('the shared value lists', () => {
  it('are left out of what the main entry loads up front', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const result = await build({
      stdin: {
        contents:
          "import { ProjectClient } from './src/index.ts'\nexport const make = (options) => new " +
          'ProjectClient(options)\n',
        resolveDir: root,
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      splitting: true,
      outdir: 'out',
      write: false,
      logLevel: 'silent',
    })
    const [entry, ...chunks] = result.outputFiles.map((file) => file.text)
    const bundle = entry!
    // Values only these lists hold (others, such as `mean` or `day`, also appear in messages and code). The
    // closed enums at the top level of a body or query (an experiment's `conclusion`…) are in the bundle on
    // purpose, in the generated table the SDK checks before sending: these are nested ones.
    const distinctive = [
      'integration_multi',
      'middle_center',
      'unique_session',
      'WebStatsTableQuery',
      'next_to_trigger',
      'customer_analytics_account_properties',
    ]
    for (const value of distinctive)
      expect(
        Object.values(enums).some((list) => (list as readonly unknown[]).includes(value)),
        value,
      ).toBe(true)
    expect(distinctive.filter((value) => bundle.includes(value))).toEqual([])
    // They are in the chunk of the full-depth check (so the test would see them if they moved up front).
    expect(distinctive.filter((value) => chunks.some((chunk) => chunk.includes(value)))).toEqual(distinctive)
  })
})
