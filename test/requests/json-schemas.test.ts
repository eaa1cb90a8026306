import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020.js'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { jsonSchemaOf } from '../../scripts/generate-requests.js'
import { COMMANDS, type CommandSpec, type Group } from '../../src/cli/commands.js'
import { REQUESTS } from '../../src/requests/by-method.js'
import * as endpointShapes from '../../src/requests/endpoints.js'
import * as eventDefinitionShapes from '../../src/requests/event-definitions.js'
import * as experimentMetricShapes from '../../src/model/experiment-metrics.js'
import * as experimentShapes from '../../src/requests/experiments.js'
import * as hogFunctionShapes from '../../src/requests/hog-functions.js'
import * as insightQueryShapes from '../../src/model/insight-queries.js'
import * as queryNodeShapes from '../../src/model/query-nodes.js'
import * as surveyQuestionShapes from '../../src/model/survey-questions.js'
import * as surveyShapes from '../../src/requests/surveys.js'
import * as actionShapes from '../../src/requests/actions.js'
import * as cohortShapes from '../../src/requests/cohorts.js'
import * as featureFlagShapes from '../../src/requests/feature-flags.js'
import * as holdoutShapes from '../../src/requests/holdouts.js'
import * as actionStepShapes from '../../src/model/action-steps.js'
import * as cohortFilterShapes from '../../src/model/cohort-filters.js'
import * as featureFlagFilterShapes from '../../src/model/feature-flag-filters.js'
import * as holdoutGroupShapes from '../../src/model/holdout-groups.js'
import * as hogFunctionFilterShapes from '../../src/model/hog-function-filters.js'
import * as savedMetricShapes from '../../src/requests/saved-metrics.js'
import * as endpointPayloads from '../fixtures/payloads/endpoints.js'
import * as eventDefinitionPayloads from '../fixtures/payloads/event-definitions.js'
import * as experimentPayloads from '../fixtures/payloads/experiments.js'
import * as hogFunctionPayloads from '../fixtures/payloads/hog-functions.js'
import * as surveyPayloads from '../fixtures/payloads/surveys.js'
import * as graphPayloads from '../fixtures/payloads/project-graph.js'

/**
 * The JSON Schemas generated from the request shapes (the ones `npm run build` ships for every body) say
 * what the type tests say: every realistic payload of test/fixtures/payloads/*.ts is valid, and every misuse
 * case of test/types/*-misuse.ts that is a mistake in the JSON sent is refused. Payloads are checked in
 * their wire form (JSON, dates as text), with ajv (draft 2020-12).
 */
// The one format the schemas use, checked here (ajv-formats is not a dependency): without it ajv warns
// `unknown format "date-time" ignored` once per schema compiled, and checks nothing.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:?\d{2})$/
const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  formats: { 'date-time': (text: string) => DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)) },
})
const SHAPES: Record<string, unknown> = Object.assign(
  {},
  queryNodeShapes,
  insightQueryShapes,
  experimentMetricShapes,
  experimentShapes,
  surveyQuestionShapes,
  surveyShapes,
  hogFunctionShapes,
  endpointShapes,
  eventDefinitionShapes,
  featureFlagFilterShapes,
  featureFlagShapes,
  cohortFilterShapes,
  cohortShapes,
  actionStepShapes,
  actionShapes,
  holdoutGroupShapes,
  holdoutShapes,
  hogFunctionFilterShapes,
  savedMetricShapes,
)
const validators = new Map<unknown, ReturnType<typeof ajv.compile>>()
/** The shape's JSON Schema compiled, once per shape. */
function compiled(shape: unknown): ReturnType<typeof ajv.compile> {
  let check = validators.get(shape)
  if (!check) validators.set(shape, (check = ajv.compile(jsonSchemaOf(shape as never))))
  return check
}
function validate(schema: unknown, value: unknown): { valid: boolean; errors: string } {
  const check = compiled(schema)
  const valid = check(JSON.parse(JSON.stringify(value))) as boolean
  return { valid, errors: ajv.errorsText(check.errors) }
}

const PAYLOAD_MODULES = {
  experiments: experimentPayloads,
  surveys: surveyPayloads,
  'hog-functions': hogFunctionPayloads,
  endpoints: endpointPayloads,
  'event-definitions': eventDefinitionPayloads,
  'project-graph': graphPayloads,
} as const

/** Each realistic payload with the type it is written as (`payload<Type>(…)`). */
function payloads(): Array<{ file: string; name: string; type: string; value: unknown }> {
  return Object.entries(PAYLOAD_MODULES).flatMap(([file, module]) => {
    const source = readFileSync(new URL(`../fixtures/payloads/${file}.ts`, import.meta.url), 'utf8')
    return [...source.matchAll(/export const (\w+) = payload<(\w+)>\(/g)]
      .filter(([, , type]) => type !== 'RequestOptions') // request options, not a request shape
      .map(([, name, type]) => ({ file, name: name!, type: type!, value: (module as Record<string, unknown>)[name!] }))
  })
}

/** The schema of a request type: `xSchema` for type `X`, from the request shapes. */
function schemaOfType(type: string): unknown {
  const schema = SHAPES[`${type[0]!.toLowerCase()}${type.slice(1)}Schema`]
  if (!schema) throw new Error(`no request shape for ${type}`)
  return schema
}

describe('JSON Schemas of the request shapes', () => {
  const all = payloads()

  it('finds every realistic payload of the type tests', () => {
    // 43 payloads in the type tests; one of them is request options (`extraBody`…), not a request shape.
    expect(all.length).toBeGreaterThanOrEqual(42)
  })

  it.each(all.map((item) => [`${item.file}: ${item.name} (${item.type})`, item] as const))(
    '%s is valid',
    (_label, { type, value }) => {
      const { valid, errors } = validate(schemaOfType(type), value)
      expect(valid, errors).toBe(true)
    },
  )

  it('every body JSON Schema compiles, is closed at the top level and lists the fields the SDK checks', () => {
    for (const [method, { body }] of Object.entries(REQUESTS)) {
      if (!body) continue
      const schema = jsonSchemaOf(body) as { type?: string; additionalProperties?: unknown; properties?: object }
      expect(() => compiled(body), method).not.toThrow()
      if (schema.type === 'object' && schema.properties) expect(schema.additionalProperties, method).toBe(false)
    }
  })
})

/** A misuse case: a call under a `@ts-expect-error` (above it or inside it), with its arguments evaluated. */
interface MisuseCall {
  where: string
  reason: string
  group: string
  method: string
  args: unknown[] | undefined
}

function misuseCalls(): MisuseCall[] {
  return Object.keys(PAYLOAD_MODULES).flatMap((file) => {
    const path = new URL(`../types/${file}-misuse.ts`, import.meta.url)
    const text = readFileSync(path, 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
    const calls: MisuseCall[] = []
    const visit = (node: ts.Node) => {
      if (ts.isExpressionStatement(node)) {
        // Above the statement, or above the line of it TypeScript points at (Prettier may split a call).
        const directive = /\/\/ @ts-expect-error .*/.exec(text.slice(node.getFullStart(), node.getEnd()))?.[0]
        const call = ts.isVoidExpression(node.expression) ? node.expression.expression : node.expression
        if (directive && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression)) {
          const chain = call.expression.getText(source).split('.')
          if (chain[0] === 'client' && chain.length === 3) {
            const where = `${file}-misuse.ts:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
            calls.push({
              where,
              reason: directive.slice('// @ts-expect-error '.length),
              group: chain[1]!,
              method: chain[2]!,
              args: evaluate(call.arguments.map((arg) => arg.getText(source))),
            })
          }
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    return calls
  })
}

/** The arguments as values, when they are literals (`undefined` when they name variables of the file). */
function evaluate(args: string[]): unknown[] | undefined {
  const js = ts.transpileModule(`export default [${args.join(', ')}]`, {
    compilerOptions: { module: ts.ModuleKind.CommonJS },
  }).outputText
  try {
    const module = { exports: {} as { default?: unknown[] } }
    new Function('module', 'exports', js)(module, module.exports)
    return module.exports.default
  } catch {
    return undefined
  }
}

/**
 * Misuse cases that are mistakes of TypeScript only, not of the JSON sent, each with why: the JSON Schema
 * rightly accepts what they send.
 */
const TYPE_ONLY: Record<string, string> = {
  'an optional field cannot be set to undefined explicitly (exactOptionalPropertyTypes)':
    'JSON has no undefined: the key is not sent',
}

describe('misuse cases in the JSON Schemas', () => {
  const cases = misuseCalls()
  /** The request object a call sends: the argument after its path ids, checked against its body or params shape. */
  const sent = cases.flatMap((item) => {
    const shapes = REQUESTS[`${item.group}.${item.method}`]
    const schema = shapes?.body ?? shapes?.params
    const spec = (COMMANDS[item.group as Group] as Record<string, CommandSpec> | undefined)?.[item.method]
    const value = spec && item.args?.[spec.path.length]
    // A call given request options too: the misuse is in the options (the SDK's option checks refuse those).
    const inOptions = spec !== undefined && (item.args?.length ?? 0) > spec.path.length + 1
    return schema && value !== undefined && !inOptions ? [{ ...item, schema, value }] : []
  })

  it('finds the misuse cases that send a request object', () => {
    // As many as the files hold (128 and 122 when written): a layout the reader misses shows here.
    expect(cases.length).toBeGreaterThanOrEqual(128)
    expect(sent.length).toBeGreaterThanOrEqual(122)
  })

  it.each(sent.map((item) => [`${item.where}: ${item.reason}`, item] as const))(
    '%s',
    (_label, { reason, schema, value }) => {
      const { valid } = validate(schema, value)
      expect(valid).toBe(Object.hasOwn(TYPE_ONLY, reason))
    },
  )
})
