import { describe, expect, expectTypeOf, it } from 'vitest'
import { OPERATIONS, type EventDefinitionListParams, type HogFunctionListParams, type OperationId, type SurveyListParams } from 'posthog-project-client'
import { GLOBAL_FLAGS, allMethodFlags, parseCommandLine, type Call } from '../../src/cli/args.js'
import { COMMANDS, GROUPS, camel, findCommand, kebab, type CommandSpec, type KindOf, type FlagsOf } from '../../src/cli/commands.js'
import { UsageError } from '../../src/cli/errors.js'

/** The command table against the operation table, and the parsing of command lines (in process, no build). */

const rows = GROUPS.flatMap((group) => Object.entries(COMMANDS[group] as Record<string, CommandSpec>).map(([method, spec]) => ({ group, method, spec })))

describe('the command table', () => {
  it('has a command for every operation, named as the operation (soft-delete sends update; the query API is `query`)', () => {
    const direct = rows.filter(({ group, method, spec }) => spec.operation === `${group}.${method}`)
    const grouped = (Object.keys(OPERATIONS) as OperationId[]).filter((id) => !id.startsWith('query.'))
    expect(direct.map(({ spec }) => spec.operation).sort()).toEqual(grouped.sort())
    const others = rows.filter((row) => !direct.includes(row)).map(({ group, method, spec }) => `${group}.${method} → ${spec.operation}`)
    expect(others).toEqual([
      'experiments.launch → experiments.update',
      'experiments.end → experiments.update',
      'experiments.archive → experiments.update',
      'experiments.softDelete → experiments.update',
      'experiments.results → experiments.retrieve',
      'hogFunctions.softDelete → hogFunctions.update',
      'surveys.launch → surveys.update',
      'surveys.stop → surveys.update',
      'surveys.resume → surveys.update',
      'surveys.archive → surveys.update',
    ])
  })

  it.each(rows.map((row) => [`${row.group}.${row.method}`, row] as const))('%s: path params, query and body agree with the operation', (_name, { group, method, spec }) => {
    const operation = OPERATIONS[spec.operation]
    const placeholders = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
    expect(spec.path).toEqual(placeholders)
    expect(spec.path).toEqual(Object.keys(operation.params ?? {}))
    if (spec.operation === `${group}.${method}`) {
      // The operation itself: flags are its query, --data its body, as the operation table says.
      if (spec.flags) expect(operation.method).toBe('GET')
      expect(spec.body).toBe(operation.body)
    } else {
      // A helper (soft-delete, launch, stop…): it writes the body itself, from its flags.
      expect(spec.body).toBeUndefined()
    }
  })

  it('the one query flag named like a global flag (`version` of endpoints run-get) is the query there', () => {
    expect(allMethodFlags().filter((flag) => GLOBAL_FLAGS.includes(flag))).toEqual(['version'])
    expect(parseCommandLine(['endpoints', 'run-get', 'top', '--version', '2'])).toMatchObject({ kind: 'call', params: { version: 2 } })
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' })
  })

  it('kebab and camel names map both ways', () => {
    expect(kebab('createExposureCohort')).toBe('create-exposure-cohort')
    expect(camel('event-definitions')).toBe('eventDefinitions')
    for (const { group, method } of rows) {
      expect(camel(kebab(method))).toBe(method)
      expect(camel(kebab(group))).toBe(group)
    }
  })

  it('query flags are typed from the SDK’s params types', () => {
    expectTypeOf<FlagsOf<SurveyListParams>>().toEqualTypeOf<{ readonly limit: 'integer'; readonly offset: 'integer'; readonly search: 'string' }>()
    expectTypeOf<FlagsOf<HogFunctionListParams>['type']>().toEqualTypeOf<'list'>()
    expectTypeOf<FlagsOf<HogFunctionListParams>['created_at']>().toEqualTypeOf<'date'>()
    expectTypeOf<FlagsOf<EventDefinitionListParams>['ordering']>().toEqualTypeOf<'list'>()
    expectTypeOf<KindOf<boolean | 'true' | 'false'>>().toEqualTypeOf<'boolean'>()
    expectTypeOf<KindOf<Record<string, unknown>>>().toEqualTypeOf<never>()
    expectTypeOf(COMMANDS.surveys.list.flags).toEqualTypeOf<{ readonly limit: 'integer'; readonly offset: 'integer'; readonly search: 'string' }>()
  })
})

describe('parseCommandLine', () => {
  const call = (...argv: string[]) => parseCommandLine(argv) as Call
  const usage = (...argv: string[]) => {
    try {
      parseCommandLine(argv)
    } catch (error) {
      if (error instanceof UsageError) return error.message
      throw error
    }
    throw new Error('expected a usage error')
  }

  it('reads groups and methods in kebab or camel case, ids positional', () => {
    for (const argv of [['event-definitions', 'retrieve', 'abc'], ['eventDefinitions', 'retrieve', 'abc']]) {
      expect(call(...argv)).toMatchObject({ kind: 'call', group: 'eventDefinitions', method: 'retrieve', ids: ['abc'] })
    }
    expect(call('experiments', 'create-exposure-cohort', '7')).toMatchObject({ method: 'createExposureCohort', ids: ['7'], data: undefined })
    expect(call('surveys', 'archive-response', 's1', 'r1')).toMatchObject({ ids: ['s1', 'r1'] })
  })

  it('converts query flags to the SDK’s types', () => {
    expect(call('hog-functions', 'list', '--type', 'a,b', '--type=c', '--limit', '5', '--enabled', '--search', 'x').params).toEqual({
      type: ['a', 'b', 'c'],
      limit: 5,
      enabled: true,
      search: 'x',
    })
    expect(call('experiments', 'list', '--archived', 'false').params).toEqual({ archived: false })
    expect(call('surveys', 'stats', '--exclude_archived', 's1').params).toEqual({ exclude_archived: true })
    expect(call('surveys', 'stats', '--exclude_archived', 's1').ids).toEqual(['s1'])
    expect(call('hog-functions', 'metrics', 'h1', '--after', '-7d').params).toEqual({ after: '-7d' })
    // Not a whole number: passed as text for the SDK to refuse with its own message.
    expect(call('surveys', 'list', '--limit', 'ten').params).toEqual({ limit: 'ten' })
    expect(call('surveys', 'list').params).toEqual({})
    expect(call('surveys', 'retrieve', 'x').params).toBeUndefined()
  })

  it('reads settings and output options', () => {
    const parsed = call('surveys', 'list', '--api-key', 'phx_k', '--project', '9', '--base-url', 'http://h', '--endpoints-prefix', 'environments', '--timeout', '500', '--max-retries', '1', '--format', 'ndjson', '--max', '10', '--dry-run')
    expect(parsed.settings).toEqual({ apiKey: 'phx_k', projectId: '9', baseUrl: 'http://h', endpointsPrefix: 'environments', timeout: 500, maxRetries: 1 })
    expect(parsed.output).toEqual({ format: 'ndjson', all: false, max: 10, dryRun: true })
    expect(call('surveys', 'list', '--timeout', 'soon').settings.timeout).toBe('soon')
    expect(call('surveys', 'create', '--data', '{}').data).toBe('{}')
  })

  it('answers --help, --version and an empty command line', () => {
    expect(parseCommandLine([])).toEqual({ kind: 'help' })
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' })
    expect(parseCommandLine(['hog-functions', '-h'])).toEqual({ kind: 'help', group: 'hogFunctions' })
    expect(parseCommandLine(['hog-functions', 'metrics-totals', '--help'])).toEqual({ kind: 'help', group: 'hogFunctions', method: 'metricsTotals' })
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' })
  })

  it('refuses mistakes with the InvalidArgumentError wording', () => {
    expect(usage('nope', 'list')).toMatch(/^Invalid argument `nope`: unknown group/)
    expect(usage('nope', '--help')).toMatch(/^Invalid argument `nope`: unknown group/)
    expect(usage('--project', '1')).toMatch(/^Invalid argument `group`: missing/)
    expect(usage('surveys', 'list', '--what')).toMatch(/^Invalid argument `--what`: unknown flag of surveys list/)
    expect(usage('experiments', 'requires-flag-implementation', '--limit', '1')).toBe(
      'Invalid argument `--limit`: unknown flag of experiments requires-flag-implementation (see experiments requires-flag-implementation --help)',
    )
    expect(usage('experiments', 'list', '--max', '-1')).toBe('Invalid argument `--max`: expected a non-negative integer, got "-1"')
  })

  it('reads `query`: HogQL with its values, or any node, and the refresh', () => {
    expect(parseCommandLine(['query', '--hogql', 'SELECT 1', '--values', '{"a":1}', '--refresh', 'async', '--format', 'ndjson'])).toMatchObject({
      kind: 'query',
      hogql: 'SELECT 1',
      values: '{"a":1}',
      data: undefined,
      refresh: 'async',
      output: { format: 'ndjson', all: false, max: undefined, dryRun: false },
    })
    expect(parseCommandLine(['query', '--data', '@node.json'])).toMatchObject({ kind: 'query', hogql: undefined, data: '@node.json' })
    expect(parseCommandLine(['query', '--help'])).toEqual({ kind: 'help', group: 'query' })
    expect(usage('query')).toBe("Invalid argument `--hogql`: required: query --hogql '<SQL>', or a query node with --data")
    expect(usage('query', '--hogql', 'SELECT 1', '--data', '{}')).toMatch(/^Invalid argument `--hogql`: required/)
    expect(usage('query', '--data', '{}', '--values', '{}')).toBe('Invalid argument `--values`: goes with --hogql')
    expect(usage('query', '--hogql', 'SELECT 1', '--all')).toBe('Invalid argument `--all`: query is not a list')
    expect(usage('query', '--sql', 'x')).toMatch(/^Invalid argument `--sql`: unknown flag of query/)
  })

  it('findCommand ignores names inherited from Object', () => {
    expect(findCommand('surveys', 'constructor')).toBeUndefined()
    expect(findCommand('surveys', 'toString')).toBeUndefined()
  })
})
