import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generatedFiles } from '../../scripts/generate-operations.js'
import { API } from '../../src/api/index.js'
import { helpersOf, operationsOf } from '../../src/api/declare.js'
import { OPERATIONS } from '../../src/core/operations.js'
import { ProjectClient } from '../../src/client.js'
import { REQUESTS } from '../../src/requests/by-method.js'

/** What the main entry imports instead of the declarations is generated from them, and never stale. */
describe('the files generated from src/api', () => {
  it.each([...generatedFiles()])('src/%s is what `npm run generate` writes today', (path, text) => {
    expect(readFileSync(new URL(`../../src/${path}`, import.meta.url), 'utf8'), 'stale: run `npm run generate`').toBe(
      text,
    )
  })

  it('every declared operation is in the operation table, and nothing else', () => {
    const declared = Object.entries(API).flatMap(([group, declaration]) =>
      operationsOf(declaration).map(([method]) => `${group}.${method}`),
    )
    expect(Object.keys(OPERATIONS)).toEqual(declared)
  })

  it(
    'every declared operation has its method on the resource class (generated, or written by hand when it says ' +
      'so)',
    () => {
      const client = new ProjectClient({ apiKey: 'phx_test', projectId: 1 })
      const missing = Object.entries(API)
        .filter(([group]) => group !== 'query')
        .flatMap(([group, declaration]) =>
          operationsOf(declaration)
            .map(([method]) => method)
            .filter(
              (method) =>
                typeof (client[group as keyof ProjectClient] as unknown as Record<string, unknown>)[method] !==
                'function',
            )
            .map((method) => `${group}.${method}`),
        )
      expect(missing).toEqual([])
    },
  )

  it('REQUESTS holds the body and query of every operation, and the params of every helper, as declared', () => {
    const declared = Object.entries(API).flatMap(([group, declaration]) => [
      ...operationsOf(declaration)
        .filter(([, operation]) => operation.body || operation.query)
        .map(
          ([method, operation]) => [`${group}.${method}`, { body: operation.body, params: operation.query }] as const,
        ),
      ...helpersOf(declaration)
        .filter(([, helper]) => helper.params)
        .map(([method, helper]) => [`${group}.${method}`, { body: undefined, params: helper.params }] as const),
    ])
    expect(Object.keys(REQUESTS)).toEqual(declared.map(([id]) => id))
    for (const [id, { body, params }] of declared) {
      expect(REQUESTS[id]?.body, `${id} body`).toBe(body)
      expect(REQUESTS[id]?.params, `${id} params`).toBe(params)
    }
  })
})
