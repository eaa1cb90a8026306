import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  endpointSchema,
  eventDefinitionSchema,
  experimentSchema,
  hogFunctionSchema,
  ProjectClient,
  surveySchema,
} from 'posthog-project-client'
import { plan, pull, readConfig, writeConfig, type ConfigKind } from 'posthog-project-client/config'
import { createFakeApi } from 'posthog-project-client/testing'
import { checkShape } from '../../src/requests/check.js'
import { REQUESTS } from '../../src/requests/by-method.js'
import * as corpus from '../fixtures/corpus/index.js'

/**
 * The round trip as a property, over a corpus of the service's answers (test/fixtures/corpus): whatever
 * the service sends (nulls, members its interface adds, archived history), `toCreateParams` passes the
 * request check, and pull → writeConfig → readConfig → plan against the same project is empty.
 */

type Answer = Record<string, unknown>

const KINDS = [
  { kind: 'experiments', answers: corpus.experiments, shape: 'experiments.create', schema: experimentSchema },
  { kind: 'surveys', answers: corpus.surveys, shape: 'surveys.create', schema: surveySchema },
  { kind: 'hogFunctions', answers: corpus.hogFunctions, shape: 'hogFunctions.create', schema: hogFunctionSchema },
  { kind: 'endpoints', answers: corpus.endpoints, shape: 'endpoints.create', schema: endpointSchema },
  {
    kind: 'eventDefinitions',
    answers: corpus.eventDefinitions,
    shape: 'eventDefinitions.create',
    schema: eventDefinitionSchema,
  },
] as const satisfies ReadonlyArray<{ kind: ConfigKind; answers: Answer[]; shape: string; schema: z.ZodMiniType }>

/** Every path (below the top level) whose value is `null`. */
function nullPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null) return path.length > 1 ? [path] : []
  if (Array.isArray(value)) return value.flatMap((item, index) => nullPaths(item, [...path, index]))
  if (typeof value === 'object')
    return Object.entries(value as Answer).flatMap(([key, item]) => nullPaths(item, [...path, key]))
  return []
}

function without(answer: Answer, paths: ReadonlyArray<ReadonlyArray<string | number>>): Answer {
  const copy = structuredClone(answer)
  for (const path of paths) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], copy) as Record<
      string | number,
      unknown
    >
    if (!Array.isArray(parent)) delete parent[path.at(-1)!]
  }
  return copy
}

/** An answer of the corpus, or the same with some of its nested nulls left out (the service may send either). */
function answerOf(answers: readonly Answer[]): fc.Arbitrary<Answer> {
  return fc.constantFrom(...answers).chain((answer) => {
    const paths = nullPaths(answer)
    return paths.length === 0 ? fc.constant(answer) : fc.subarray(paths).map((dropped) => without(answer, dropped))
  })
}

const client = new ProjectClient({
  apiKey: 'phx_corpus',
  projectId: 1,
  fetch: () => Promise.reject(new Error('no request expected')),
})
const toCreateParams = (kind: ConfigKind, answer: Answer): unknown =>
  (client[kind].toCreateParams as (value: never) => unknown)(answer as never)

describe('the corpus of service answers', () => {
  it('holds every kind, with the members the service and its interface add', () => {
    expect(KINDS.map(({ kind, answers }) => `${kind} ${answers.length}`)).toEqual([
      'experiments 6',
      'surveys 5',
      'hogFunctions 4',
      'endpoints 4',
      'eventDefinitions 4',
    ])
    const metrics = corpus.experiments.flatMap((experiment) => [
      ...((experiment.metrics as Answer[]) ?? []),
      ...((experiment.metrics_secondary as Answer[]) ?? []),
    ])
    expect(metrics.every((metric) => typeof metric.uuid === 'string' && typeof metric.fingerprint === 'string')).toBe(
      true,
    )
    expect(corpus.experiments.some((experiment) => experiment.archived === true)).toBe(true)
    expect(corpus.experiments.some((experiment) => (experiment.saved_metrics as unknown[]).length > 0)).toBe(true)
    expect(corpus.endpoints[1]!.query).toMatchObject({
      explain: null,
      filters: null,
      modifiers: null,
      name: null,
      response: null,
      tags: null,
      values: null,
      variables: null,
      version: null,
    })
  })

  it.each(KINDS)(
    '$kind: each answer parses with the SDK response schema, unknown members and nulls kept',
    ({ answers, schema }) => {
      for (const answer of answers) {
        const withNewer = { ...answer, member_of_a_newer_service: { nested: null } }
        expect(z.parse(schema as z.ZodMiniType, withNewer)).toEqual(withNewer)
      }
    },
  )

  it.each(KINDS)('$kind: toCreateParams of any answer passes the request check', ({ kind, answers, shape }) => {
    fc.assert(
      fc.property(answerOf(answers), (answer) => {
        expect(checkShape(REQUESTS[shape]!.body!, toCreateParams(kind, answer))).toEqual([])
      }),
      { numRuns: 60 },
    )
  })
})

describe('pull → writeConfig → readConfig → plan on the project the answers came from', () => {
  const projectOf = fc.record({
    experiments: fc.subarray(corpus.experiments, { minLength: 1 }),
    surveys: fc.subarray(corpus.surveys, { minLength: 1 }),
    hogFunctions: fc.subarray(corpus.hogFunctions, { minLength: 1 }),
    endpoints: fc.subarray(corpus.endpoints, { minLength: 1 }),
    eventDefinitions: fc.subarray(corpus.eventDefinitions, { minLength: 1 }),
  })

  it('is empty, for any project made of the corpus', async () => {
    const root = mkdtempSync(join(tmpdir(), 'posthog-round-trip-'))
    let run = 0
    try {
      await fc.assert(
        fc.asyncProperty(projectOf, async (project) => {
          const fake = createFakeApi({ projects: [1] })
          fake.seed.experiments(project.experiments as never)
          fake.seed.surveys(project.surveys as never)
          fake.seed.hogFunctions(project.hogFunctions as never)
          fake.seed.endpoints(project.endpoints as never)
          fake.seed.eventDefinitions(project.eventDefinitions as never)
          const live = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
          const dir = join(root, String(run++))
          await writeConfig(dir, await pull(live))
          const result = await plan(live, await readConfig(dir), {
            env: { POSTHOG_SECRET_HTTP_WEBHOOK_API_TOKEN: 'unused: kept secrets are not re-sent' },
          })
          expect(result.errors).toEqual([])
          expect(result.changes.filter((change) => change.action !== 'unchanged')).toEqual([])
          // Each experiment's flag is pulled (and planned) as a feature flag spec too.
          const flags = new Set(
            (project.experiments as Array<{ feature_flag_key: string }>).map(
              (experiment) => experiment.feature_flag_key,
            ),
          ).size
          expect(result.changes).toHaveLength(Object.values(project).flat().length + flags)
        }),
        { numRuns: 12 },
      )
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
