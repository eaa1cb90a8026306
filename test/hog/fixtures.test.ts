import { describe, expect, it } from 'vitest'
import { compileHog } from 'posthog-project-client/hog'
import { hogFunction, siteDestination } from '../fixtures/hog-functions.js'

/** Every bytecode the project's fixtures hold for Hog source, compiled again from that source. */
describe('compileHog on the fixtures [H1] [H16]', () => {
  it("gives the webhook destination's code and input templates their bytecode, array for array", async () => {
    const fn = hogFunction() as {
      hog: string
      bytecode: unknown[]
      inputs: Record<string, { value?: unknown; bytecode?: unknown }>
    }
    expect(await compileHog(fn.hog)).toEqual(fn.bytecode)
    expect(await compileHog(fn.inputs['url']?.value as string, { template: true })).toEqual(fn.inputs['url']?.bytecode)
    const body = fn.inputs['body']?.value as Record<string, string>
    expect({ event: await compileHog(body['event'] as string, { template: true }) }).toEqual(
      fn.inputs['body']?.bytecode,
    )
  })

  it('gives the masking hash and a filter with nothing to filter their bytecode', async () => {
    const site = siteDestination() as { masking: { hash: string; bytecode: unknown[] } }
    expect(await compileHog(site.masking.hash, { template: true })).toEqual(site.masking.bytecode)
    expect(await compileHog('true', { expression: true })).toEqual(['_H', 1, 29])
  })
})
