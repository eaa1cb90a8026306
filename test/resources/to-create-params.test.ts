import { describe, expect, it } from 'vitest'
import { checkShape } from '../../src/requests/check.js'
import { REQUESTS } from '../../src/requests/by-method.js'
import * as endpoints from '../fixtures/payloads/endpoints.js'
import * as eventDefinitions from '../fixtures/payloads/event-definitions.js'
import * as experiments from '../fixtures/payloads/experiments.js'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import * as surveys from '../fixtures/payloads/surveys.js'
import { useE2E } from '../helpers/fake-server.js'

/**
 * `toCreateParams(resource)`: a resource read back becomes a create body that the create shape accepts in
 * full depth (nothing the service derives is left in it), and the service recreates the same resource from it.
 */
describe('toCreateParams', () => {
  const e2e = useE2E({}, 'test')
  const valid = (method: string, params: unknown) => expect(checkShape(REQUESTS[method]!.body!, params)).toEqual([])

  it(
    'experiments: the writable fields, metrics without their ' + 'fingerprints; the copy is the same experiment',
    async () => {
      const client = e2e.client()
      const original = await client.experiments.retrieve((await client.experiments.create(experiments.fullCreate)).id)
      expect(
        original.metrics?.every((metric) => typeof (metric as { fingerprint?: string }).fingerprint === 'string'),
      ).toBe(true)
      const params = client.experiments.toCreateParams(original)
      valid('experiments.create', params)
      expect(params).not.toHaveProperty('id')
      expect(params).not.toHaveProperty('created_at')
      expect(params).not.toHaveProperty('feature_flag')
      expect(params.metrics?.map((metric) => metric.uuid)).toEqual(
        original.metrics?.map((metric) => (metric as { uuid?: string }).uuid),
      )
      const copy = await client.experiments.create({ ...params, feature_flag_key: 'copy-flag' })
      expect(copy.id).not.toBe(original.id)
      expect(copy).toMatchObject({
        name: original.name,
        description: original.description,
        parameters: original.parameters,
        metrics: original.metrics,
      })
    },
  )

  it('surveys: the questions and settings, not the id or the flag objects', async () => {
    const client = e2e.client()
    const original = await client.surveys.create(surveys.nps)
    const params = client.surveys.toCreateParams(original)
    valid('surveys.create', params)
    expect(params).not.toHaveProperty('id')
    expect(params).not.toHaveProperty('created_by')
    const copy = await client.surveys.create({ ...params, name: `${params.name} (copy)` })
    expect(copy.questions).toEqual(original.questions)
    expect(copy.type).toBe(original.type)
  })

  it(
    "dashboards, insights and early access features: what create takes back, the feature's flag as " +
      'feature_flag_id',
    async () => {
      const client = e2e.client()
      const board = await client.dashboards.create({
        name: 'Growth',
        pinned: true,
        filters: { date_from: '-30d' },
        tags: ['team'],
      })
      const boardParams = client.dashboards.toCreateParams(await client.dashboards.retrieve(board.id))
      valid('dashboards.create', boardParams)
      expect(boardParams).toMatchObject({
        name: 'Growth',
        pinned: true,
        filters: { date_from: '-30d' },
        tags: ['team'],
      })
      expect(boardParams).not.toHaveProperty('tiles')
      expect(boardParams).not.toHaveProperty('last_accessed_at')
      const query = { kind: 'HogQuery', code: 'return 1' } as const
      const insight = await client.insights.create({ name: 'One', query, dashboards: [board.id] })
      const insightParams = client.insights.toCreateParams(insight)
      valid('insights.create', insightParams)
      expect(insightParams).toMatchObject({ name: 'One', query, dashboards: [board.id] })
      expect(insightParams).not.toHaveProperty('short_id')
      expect(insightParams).not.toHaveProperty('saved')
      const feature = await client.earlyAccessFeatures.create({ name: 'Dark mode', stage: 'beta' })
      const featureParams = client.earlyAccessFeatures.toCreateParams(feature)
      valid('earlyAccessFeatures.create', featureParams)
      expect(featureParams).toMatchObject({
        name: 'Dark mode',
        stage: 'beta',
        feature_flag_id: feature.feature_flag!.id,
      })
      expect(featureParams).not.toHaveProperty('feature_flag')
    },
  )

  it('hog functions: inputs as values (no bytecode or order), filters without bytecode', async () => {
    const client = e2e.client()
    const original = await client.hogFunctions.retrieve((await client.hogFunctions.create(hogFunctions.webhook)).id)
    const params = client.hogFunctions.toCreateParams(original)
    valid('hogFunctions.create', params)
    for (const input of Object.values(params.inputs ?? {}))
      expect(Object.keys(input ?? {}).every((key) => ['value', 'templating', 'secret'].includes(key))).toBe(true)
    expect(params.filters).not.toHaveProperty('bytecode')
    // The secret comes back as its mask: the copy needs the value itself, and a create without it is refused.
    expect(params.inputs?.api_token).toEqual({ secret: true })
    await expect(client.hogFunctions.create({ ...params, name: `${params.name} (copy)` })).rejects.toThrow(
      /body\.inputs\.api_token/,
    )
    const copy = await client.hogFunctions.create({
      ...params,
      name: `${params.name} (copy)`,
      inputs: { ...params.inputs, api_token: { value: 'phx_token_from_the_vault' } },
    })
    expect(copy.hog).toBe(original.hog)
    expect(Object.keys(copy.inputs ?? {})).toEqual(Object.keys(original.inputs ?? {}))
  })

  it('endpoints and event definitions', async () => {
    const client = e2e.client()
    const endpoint = await client.endpoints.create(endpoints.topEvents)
    const endpointParams = client.endpoints.toCreateParams(endpoint)
    valid('endpoints.create', endpointParams)
    expect((await client.endpoints.create({ ...endpointParams, name: 'top_events_copy' })).query).toEqual(
      endpoint.query,
    )
    const definition = await client.eventDefinitions.create(eventDefinitions.checkout)
    const definitionParams = client.eventDefinitions.toCreateParams(definition)
    valid('eventDefinitions.create', definitionParams)
    expect(definitionParams).toMatchObject({
      name: 'checkout_completed',
      description: 'A customer paid',
      tags: ['revenue', 'checkout'],
    })
  })

  it('refuses what is not a resource object, before anything', () => {
    expect(() => e2e.client().surveys.toCreateParams(null as never)).toThrow(/Invalid argument `resource`/)
  })
})
