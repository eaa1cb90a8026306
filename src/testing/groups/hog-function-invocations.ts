/**
 * `POST hog_functions/{id|new}/invocations/`: a test run of the configuration sent (merged over the stored
 * function, if any) on the event of `globals`, run by posthog-project-client/hog the way the CDP runs it, and
 * answered in the service's shape (docs/service-behaviour.md §13, [`V1`]–[`V7`]). The hog runtime (a
 * WebAssembly parser and the VM) loads on the first test run, never before.
 */
import type { OperationContext } from '../context.js'
import { json } from '../responses.js'
import { bodyObject, isObject } from '../validators.js'
import { CompileRefusal, compiledFilters, compiledInputs, compiledMasking, hogBytecode } from '../hog-compile.js'
import type { FakeHogFunction, FakeInputSchemaItem } from '../records.js'
import { drfDateTime, type FakeStore } from '../store.js'
import { projectActions } from './hog-function-fields.js'

const RUNNABLE_TYPES = new Set(['destination', 'internal_destination', 'transformation'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the CDP answers when it refuses the run: Django relays only `{ status: 'error' }` and the code ([`V4`]). */
const cdpRefusal = (status: number) => json({ status: 'error' }, status)

export async function testInvocation(
  context: OperationContext,
  stored: FakeHogFunction | undefined,
): Promise<Response> {
  const body = bodyObject(context.body)
  if (body['use_draft'] !== true && !('configuration' in body)) {
    return json({ configuration: 'Required unless use_draft is true.' }, 400)
  }
  const sent = body['use_draft'] === true ? {} : body['configuration']
  if (!isObject(sent)) {
    return json({ configuration: { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] } }, 400)
  }
  const configuration = merged(stored, sent)
  if (typeof configuration['hog'] !== 'string') {
    return json({ configuration: { hog: ['This field is required.'] } }, 400)
  }
  const type = String(configuration['type'] ?? 'destination')
  // Validated like a save before the CDP sees it ([`V2`]): `hog`, inputs, filters and masking compiled.
  const refused = compileRefusal(type, configuration, context.store)
  if (refused) return refused

  const invocationId = body['invocation_id']
  const validId = typeof invocationId === 'string' && UUID.test(invocationId)
  if (invocationId !== undefined && invocationId !== null && !validId) {
    return cdpRefusal(400)
  }
  const globals = isObject(body['globals']) ? body['globals'] : eventGlobals(body['clickhouse_event'])
  if (!isObject(globals['event'])) return cdpRefusal(400)
  if (!RUNNABLE_TYPES.has(type)) return cdpRefusal(400)

  const { runHogFunction } = await import('../../hog/function-run.js')
  const projectUrl = `${context.url.origin}/project/${context.store.projectId}`
  const given = isObject(globals['project']) ? globals['project'] : {}
  const project = { id: context.store.projectId, name: 'Default project', url: projectUrl, ...given }
  const run = await runHogFunction(
    { ...configuration, id: stored?.id ?? 'new' } as Parameters<typeof runHogFunction>[0],
    {
      event: globals['event'] as never,
      person: isObject(globals['person']) ? (globals['person'] as never) : null,
      groups: isObject(globals['groups']) ? (globals['groups'] as never) : null,
    },
    {
      project: project as never,
      mockLogs: body['mock_async_functions'] !== false,
      actions: projectActions(context.store),
    },
  )
  const timestamp = drfDateTime(context.store.now())
  // What the fake could not evaluate is said in the answer (the service has no such line): never a silent pass.
  const gaps = run.unsupported.map((gap) => ({ level: 'warn' as const, message: `Not evaluated by the fake: ${gap}` }))
  const status = run.error !== null ? 'error' : run.skipped ? 'skipped' : 'success'
  return json({
    result: type === 'transformation' && status === 'success' ? (run.result ?? null) : null,
    status,
    errors: run.error === null ? [] : [run.error],
    logs: [...gaps, ...run.logs].map((log) => ({ level: log.level, timestamp, message: log.message })),
  })
}

/**
 * The configuration's compile refusal as the serializer's raw errors under `configuration`
 * (`{configuration: {hog: ['Hog code has errors.']}}`, `{configuration: {inputs: {url: ['Invalid template: …']}}}`).
 */
function compileRefusal(type: string, configuration: Record<string, unknown>, store: FakeStore): Response | null {
  try {
    const sentSchema = configuration['inputs_schema']
    const schema = Array.isArray(sentSchema) ? (sentSchema as FakeInputSchemaItem[]) : []
    if (isObject(configuration['inputs'])) compiledInputs(type, schema, configuration['inputs'])
    if (isObject(configuration['filters'])) compiledFilters(type, configuration['filters'], projectActions(store), true)
    if (isObject(configuration['masking'])) compiledMasking(configuration['masking'])
    hogBytecode(type, String(configuration['hog']))
    return null
  } catch (error) {
    if (!(error instanceof CompileRefusal)) throw error
    const path = error.nonField ? [...error.path, 'non_field_errors'] : error.path
    const nested = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), [error.message])
    return json({ configuration: nested }, 400)
  }
}

/** The configuration over the stored function; a masked secret (`{ secret: true }`) keeps the stored value ([`T5`]). */
function merged(stored: FakeHogFunction | undefined, sent: Record<string, unknown>): Record<string, unknown> {
  const base: Record<string, unknown> = stored ? { ...stored } : {}
  const configuration = { ...base, ...sent }
  const storedInputs = (stored?.inputs ?? {}) as Record<string, unknown>
  if (isObject(sent['inputs'])) {
    const inputs: Record<string, unknown> = {}
    for (const [key, input] of Object.entries(sent['inputs'])) {
      const masked = isObject(input) && input['secret'] === true && !('value' in input)
      inputs[key] = masked ? storedInputs[key] : input
    }
    configuration['inputs'] = inputs
  }
  return configuration
}

/** The globals of a ClickHouse event row (`clickhouse_event`). */
function eventGlobals(row: unknown): Record<string, unknown> {
  if (!isObject(row)) return {}
  const parse = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : (value ?? {}))
  const event = {
    uuid: row['uuid'],
    event: row['event'],
    distinct_id: row['distinct_id'],
    properties: parse(row['properties']),
    timestamp: row['timestamp'],
    elements_chain: row['elements_chain'] ?? '',
  }
  const person = row['person_id'] ? { id: row['person_id'], properties: parse(row['person_properties']) } : undefined
  return { event, ...(person ? { person } : {}) }
}
