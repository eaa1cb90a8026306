import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { writeConfig, type ConfigKind, type ProjectConfig } from 'posthog-project-client/config'
import { jsonSchemaOf, writeConfigJsonSchemas } from '../../scripts/generate-requests.js'
import { HOG_TESTS_SCHEMA_FILE } from '../../src/config/hog-tests.js'
import { checkShape } from '../../src/requests/check.js'
import { NAMED_BY, REF_FOLDERS, referenceSites, referencesOf, withRefs } from '../../src/config/graph.js'
import { configJsonSchema, configSchemaFile } from '../../src/config/json-schemas.js'
import { kindOps, KIND_NAMES, specShapeOf } from '../../src/config/kinds.js'
import * as graph from '../fixtures/payloads/project-graph.js'

/**
 * The JSON Schemas editors check configuration files with (the `$schema` line of every file `writeConfig`
 * writes): each field of docs/service-behaviour.md §12.1 takes a `$ref` to its kind's folder, nothing else does.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
const compiled = new Map<string, ReturnType<typeof ajv.compile>>()
const validator = (name: string, schema: () => object) => {
  let check = compiled.get(name)
  if (!check) compiled.set(name, (check = ajv.compile(schema())))
  return (value: unknown) => check(JSON.parse(JSON.stringify(value))) as boolean
}
const bodyOf = (kind: ConfigKind) => jsonSchemaOf(specShapeOf(kindOps(kind)))
const configValid = (kind: ConfigKind) => validator(`config ${kind}`, () => configJsonSchema(kind, bodyOf(kind)))
const createValid = (kind: ConfigKind) => validator(`create ${kind}`, () => bodyOf(kind))

type Spec = Record<string, unknown>

/** A spec of each kind that has reference sites, with an id at every one of them (how many: `sites`). */
const WITH_IDS: Partial<Record<ConfigKind, { spec: Spec; sites: number }>> = {
  experiments: {
    spec: {
      name: 'Checkout v2',
      feature_flag_key: 'checkout-v2',
      holdout_id: 7,
      saved_metrics_ids: [{ id: 8, metadata: { type: 'primary' } }],
      metrics: [{ kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'ActionsNode', id: 1 } }],
      metrics_secondary: [
        {
          kind: 'ExperimentMetric',
          metric_type: 'funnel',
          series: [
            { kind: 'EventsNode', event: '$pageview' },
            { kind: 'ActionsNode', id: 2 },
          ],
        },
      ],
      exposure_criteria: { exposure_config: { kind: 'ActionsNode', id: 3 } },
    },
    sites: 5,
  },
  savedMetrics: { spec: graph.conversion as Spec, sites: 1 },
  featureFlags: {
    spec: {
      ...graph.checkoutFlag,
      filters: { ...graph.checkoutFlag.filters, holdout: { id: 7, exclusion_percentage: 5 } },
    } as Spec,
    sites: 3,
  },
  cohorts: {
    spec: {
      name: 'Returning buyers',
      filters: {
        properties: {
          type: 'AND',
          values: [
            ...(graph.betaTesters.filters as { properties: { values: unknown[] } }).properties.values,
            {
              type: 'behavioral',
              key: 305,
              event_type: 'actions',
              value: 'performed_event_sequence',
              seq_event: 306,
              seq_event_type: 'actions',
              time_value: 7,
              time_interval: 'day',
              seq_time_value: 1,
              seq_time_interval: 'day',
            },
          ],
        },
      },
    },
    sites: 4,
  },
  hogFunctions: {
    spec: {
      type: 'destination',
      name: 'Upgrades',
      hog: 'print(event)',
      filters: { actions: [{ id: '12', type: 'actions', name: 'Upgraded plan' }] },
      mappings: [{ name: 'Upgrades', filters: { actions: [{ id: '12', type: 'actions', name: 'Upgraded plan' }] } }],
    },
    sites: 2,
  },
  surveys: {
    spec: {
      name: 'After upgrade',
      type: 'popover',
      questions: [{ type: 'open', question: 'Why?' }],
      linked_flag_id: 4,
      targeting_flag_id: 5,
      conditions: { actions: { values: [{ id: 12, name: 'Upgraded plan' }] } },
    },
    sites: 3,
  },
  insights: {
    spec: {
      name: 'Upgrades by beta users',
      query: {
        kind: 'InsightVizNode',
        source: {
          kind: 'TrendsQuery',
          series: [{ kind: 'ActionsNode', id: 12 }],
          properties: [{ key: 'id', type: 'cohort', value: 4 }],
        },
      },
    },
    sites: 2,
  },
  dashboards: {
    spec: {
      name: 'Growth',
      tiles: [
        { insight: 9, layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } },
        { text: { body: 'Notes' } },
        { insight: 10 },
      ],
    },
    sites: 2,
  },
  earlyAccessFeatures: { spec: { name: 'Dark mode', stage: 'beta', feature_flag_id: 4 }, sites: 1 },
}

/** The spec with every id as a `$ref` (`<folder>/k<id>`). */
const withAllRefs = (kind: ConfigKind, spec: Spec) =>
  withRefs(kind, spec, () => ({ get: (id: string) => `k${id}` }) as never)

describe('the configuration JSON Schemas', () => {
  for (const [kind, sample] of Object.entries(WITH_IDS) as Array<[ConfigKind, { spec: Spec; sites: number }]>) {
    it(`${kind}: a $ref is accepted in every field that holds an id (§12.1), of its own kind only`, () => {
      expect(checkShape(specShapeOf(kindOps(kind)), sample.spec)).toEqual([])
      expect(referenceSites(kind, sample.spec)).toHaveLength(sample.sites)
      const spec = withAllRefs(kind, sample.spec)
      expect(referencesOf(kind, spec)).toHaveLength(sample.sites)
      expect(configValid(kind)(spec)).toBe(true)
      expect(configValid(kind)({ ...spec, $renamedFrom: 'Old name' })).toBe(true)
      // The create body's own schema refuses them: the config schema is what accepts them.
      expect(createValid(kind)(spec)).toBe(false)
      // A $ref to another kind's folder, or without a key, is refused at each site.
      for (const [index, site] of referenceSites(kind, spec).entries()) {
        const wrongFolder = Object.keys(REF_FOLDERS).find((folder) => REF_FOLDERS[folder] !== site.target)!
        for (const ref of [
          `${wrongFolder}/k1`,
          `${Object.keys(REF_FOLDERS).find((folder) => REF_FOLDERS[folder] === site.target)}/`,
        ]) {
          const wrong = structuredClone(spec)
          const wrongSite = referenceSites(kind, wrong)[index]!
          ;(wrongSite.holder as Record<string | number, unknown>)[wrongSite.field] = { $ref: ref }
          expect(configValid(kind)(wrong), `${site.path} = $ref ${ref}`).toBe(false)
        }
      }
      // Anywhere else a $ref is refused.
      expect(configValid(kind)({ ...spec, [kindOps(kind).keyField]: { $ref: 'actions/k1' } })).toBe(false)
    })
  }

  it(
    'NAMED_BY (what a prune reads to find references) lists exactly the kinds whose reference sites name each ' +
      'kind',
    () => {
      for (const kind of KIND_NAMES) {
        const named = new Set(referenceSites(kind, WITH_IDS[kind]?.spec ?? {}).map((site) => site.target))
        // An experiment stands on the flag of its key besides its reference sites.
        if (kind === 'experiments') named.add('featureFlags')
        expect([...named].sort(), kind).toEqual(KIND_NAMES.filter((target) => NAMED_BY[target]?.includes(kind)).sort())
      }
    },
  )

  it('every kind has one; a kind without reference sites takes its create body and $renamedFrom', () => {
    for (const kind of KIND_NAMES) expect(() => configJsonSchema(kind, bodyOf(kind))).not.toThrow()
    expect(configValid('actions')({ ...graph.signedUp, $renamedFrom: 'Signed-up' })).toBe(true)
    expect(
      configValid('holdouts')({
        ...graph.q3,
        filters: [{ properties: [], rollout_percentage: { $ref: 'holdouts/x' } }],
      }),
    ).toBe(false)
  })

  it(
    'a body whose shape moved away from a reference site is an ' + 'error, not a schema that silently accepts nothing',
    () => {
      expect(() =>
        configJsonSchema('experiments', { type: 'object', properties: { name: { type: 'string' } } }),
      ).toThrow('configJsonSchema(experiments): no field holdout_id where the top level leads')
    },
  )

  describe('written and used', () => {
    let dir: string
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'phc-config-schemas-'))
    })
    afterEach(() => rmSync(dir, { recursive: true, force: true }))

    it(
      'writeConfigJsonSchemas writes one per kind; each file writeConfig writes names its kind’s and validates ' +
        'against it',
      async () => {
        const schemas = join(dir, 'node_modules', 'posthog-project-client', 'dist', 'schemas')
        mkdirSync(schemas, { recursive: true })
        expect(writeConfigJsonSchemas(schemas)).toBe(KIND_NAMES.length + 1)
        // The hog function test files' schema: the test shape's, which takes a case and refuses a misspelt member.
        const tests = ajv.compile(JSON.parse(readFileSync(join(schemas, HOG_TESTS_SCHEMA_FILE), 'utf8')) as object)
        const testCase = {
          name: 'sends',
          event: { event: 'order_placed' },
          expect: { calls: [{ url: 'https://x.test', bodyIncludes: { a: 1 } }] },
        }
        expect(tests([testCase])).toBe(true)
        expect(tests([{ ...testCase, expect: { calls: [{ methd: 'POST' }] } }])).toBe(false)
        const config = Object.fromEntries(
          Object.entries(WITH_IDS).map(([kind, sample]) => [kind, [withAllRefs(kind as ConfigKind, sample!.spec)]]),
        ) as ProjectConfig
        await writeConfig(join(dir, 'posthog'), config)
        for (const [kind, specs] of Object.entries(config) as Array<[ConfigKind, Spec[]]>) {
          const ops = kindOps(kind)
          const file = join(
            dir,
            'posthog',
            ops.folder,
            `${String(specs[0]![ops.keyField]).replace(/[^\w.-]/g, '-')}.yaml`,
          )
          const text = readFileSync(file, 'utf8')
          const schemaFile = resolve(dirname(file), text.split('\n')[0]!.split('$schema=')[1]!)
          // Written beside the files, the same as the build ships.
          expect(schemaFile).toBe(join(dir, 'posthog', '.schemas', configSchemaFile(kind)))
          expect(readFileSync(schemaFile, 'utf8')).toBe(readFileSync(join(schemas, configSchemaFile(kind)), 'utf8'))
          expect(JSON.parse(readFileSync(schemaFile, 'utf8'))).toEqual({
            title: `${ops.folder} configuration file`,
            ...configJsonSchema(kind, bodyOf(kind)),
          })
          expect(configValid(kind)(parse(text))).toBe(true)
          expect(JSON.stringify(parse(text))).toContain('"$ref"')
        }
        // Beside the hog functions' schema, the test files': the same as the build ships.
        const testsSchema = join(dir, 'posthog', '.schemas', HOG_TESTS_SCHEMA_FILE)
        expect(readFileSync(testsSchema, 'utf8')).toBe(readFileSync(join(schemas, HOG_TESTS_SCHEMA_FILE), 'utf8'))
      },
    )
  })
})
