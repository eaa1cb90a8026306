import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import * as enums from '../src/schemas/enums.js'

/**
 * The value lists of src/schemas/enums.ts serve the types and the fake; the SDK never reads them at run
 * time, so a browser bundle of the main entry (as the bench builds it) must not carry them.
 */
describe('the shared value lists', () => {
  it('are left out of the main bundle', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url))
    const result = await build({
      stdin: { contents: "import { ProjectClient } from './src/index.ts'\nexport const make = (options) => new ProjectClient(options)\n", resolveDir: root, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      logLevel: 'silent',
    })
    const bundle = result.outputFiles[0]!.text
    // Values only these lists hold (others, such as `mean` or `day`, also appear in messages and code). The
    // closed enums at the top level of a body or query (an experiment's `conclusion`…) are in the bundle on
    // purpose, in the generated table the SDK checks before sending: these are nested ones.
    const distinctive = ['integration_multi', 'middle_center', 'unique_session', 'WebStatsTableQuery', 'next_to_trigger', 'customer_analytics_account_properties']
    for (const value of distinctive) expect(Object.values(enums).some((list) => (list as readonly unknown[]).includes(value)), value).toBe(true)
    expect(distinctive.filter((value) => bundle.includes(value))).toEqual([])
  })
})
