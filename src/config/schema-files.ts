import * as z from 'zod/mini'
import { nodeOf } from '../requests/introspect.js'
import { hogTestFileShape } from './hog-tests.js'
import { configJsonSchema } from './json-schemas.js'
import { kindOps, specShapeOf } from './kinds.js'
import type { ConfigKind } from './types.js'

/**
 * The configuration schemas as files: the build ships them (scripts/generate-requests.ts), `writeConfig` writes
 * them beside the files. Loaded by `writeConfig` on first use: zod's JSON Schema writer is needed nowhere else.
 */

/** The JSON Schema of a request body: dates as date-time strings (a `Date` is sent as one). */
export function jsonSchemaOf(schema: z.ZodMiniType): object {
  return z.toJSONSchema(schema, {
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const { def } = nodeOf(zodSchema)
      if (def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' })
      // An empty tuple (`properties: []`): zod writes `prefixItems: []`, which draft 2020-12 does not allow.
      if (def.type === 'tuple' && (def as { items?: unknown[] }).items?.length === 0 && 'prefixItems' in jsonSchema) {
        delete jsonSchema.prefixItems
        Object.assign(jsonSchema, { maxItems: 0 })
      }
    },
  })
}

/** The text of a kind's configuration schema file: the build ships it, `writeConfig` writes it beside the files. */
export function configSchemaText(kind: ConfigKind): string {
  const ops = kindOps(kind)
  const schema = configJsonSchema(kind, jsonSchemaOf(specShapeOf(ops)))
  return `${JSON.stringify({ title: `${ops.folder} configuration file`, ...schema }, null, 2)}\n`
}

/**
 * The text of the hog function test files' schema (`config.hogFunctionTests.json`): the test shape's (hog-tests.ts).
 */
export function hogTestsSchemaText(): string {
  const schema = jsonSchemaOf(hogTestFileShape) as Record<string, unknown>
  return `${JSON.stringify({ title: 'hog-functions test file (<name>.test.yaml)', ...schema }, null, 2)}\n`
}
