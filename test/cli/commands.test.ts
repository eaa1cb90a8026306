import { describe, expect, it } from 'vitest'
import { OPERATIONS, type OperationId } from 'posthog-project-client'
import { parseCommandLine } from '../../src/cli/args.js'
import { GLOBAL_FLAGS, type Call } from '../../src/cli/call.js'
import { COMMANDS, GROUPS, camel, commandHint, findCommand, kebab, type CommandSpec } from '../../src/cli/commands.js'
import { UsageError } from '../../src/cli/errors.js'
import { HOG_FUNCTION_TYPES } from '../../src/model/enums.js'
import { bodyFieldsOf, flagsOf, shapesOf } from '../../src/cli/shapes.js'
import { ProjectClient } from '../../src/client.js'
import { APIResource } from '../../src/core/resource.js'

/** The command table against the operation table, and the parsing of command lines (in process, no build). */

/** What the command line asks for, as plain values: a command's input, or the group and command words of a help. */
async function parse(argv: string[]): Promise<unknown> {
  const parsed = await parseCommandLine(argv)
  if (parsed.kind === 'run') return parsed.input
  if (parsed.kind === 'help')
    return {
      kind: 'help',
      ...(parsed.group && { group: parsed.group }),
      ...(parsed.command && { command: parsed.command.words }),
    }
  return parsed
}

const rows = GROUPS.flatMap((group) =>
  Object.entries(COMMANDS[group] as Record<string, CommandSpec>).map(([method, spec]) => ({ group, method, spec })),
)

/** The methods of a resource group as the SDK has them: its class's and the generated class's it extends. */
function sdkMethods(resource: object): string[] {
  const names = new Set<string>()
  for (
    let proto = Object.getPrototypeOf(resource);
    proto && proto !== APIResource.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto))
      if (name !== 'constructor' && name !== 'toCreateParams' && !name.startsWith('_')) names.add(name)
  }
  return [...names].sort()
}

describe('the command table', () => {
  it('has a row for every method of every SDK group, and a method for every row', () => {
    const client = new ProjectClient({ apiKey: 'phx_test', projectId: 1 })
    for (const group of GROUPS) expect(Object.keys(COMMANDS[group]).sort(), group).toEqual(sdkMethods(client[group]))
  })

  it(
    'has a command for every operation, named as the operation (soft-delete sends update; the query API is ' +
      '`query`)',
    () => {
      const direct = rows.filter(({ group, method, spec }) => spec.operation === `${group}.${method}`)
      const grouped = (Object.keys(OPERATIONS) as OperationId[]).filter((id) => !id.startsWith('query.'))
      expect(direct.map(({ spec }) => spec.operation).sort()).toEqual(grouped.sort())
      const others = rows
        .filter((row) => !direct.includes(row))
        .map(({ group, method, spec }) => `${group}.${method} → ${spec.operation}`)
      expect(others).toEqual([
        'experiments.listIncludingArchived → experiments.list',
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
        'featureFlags.softDelete → featureFlags.update',
        'featureFlags.enable → featureFlags.update',
        'featureFlags.disable → featureFlags.update',
        'cohorts.softDelete → cohorts.update',
        'actions.softDelete → actions.update',
        'dashboards.softDelete → dashboards.update',
        'insights.softDelete → insights.update',
      ])
    },
  )

  it.each(rows.map((row) => [`${row.group}.${row.method}`, row] as const))(
    '%s: path params, query and body agree with the operation',
    (_name, { group, method, spec }) => {
      const operation = OPERATIONS[spec.operation]
      const placeholders = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      expect(spec.path).toEqual(placeholders)
      expect(spec.path).toEqual(Object.keys(operation.params ?? {}))
      if (spec.operation === `${group}.${method}`) {
        // The operation itself: flags are its query, --data its body, as the operation table says.
        if (spec.params) expect(operation.method).toBe('GET')
        expect(spec.body).toBe(operation.body)
      } else {
        // A helper (soft-delete, launch, stop…): it writes the body itself, from its flags.
        expect(spec.body).toBeUndefined()
      }
      // Flags and --data have their request shape, and only those rows do.
      expect(Boolean(shapesOf(group, method).params), 'params shape').toBe(Boolean(spec.params))
      expect(Boolean(shapesOf(group, method).body), 'body shape').toBe(Boolean(spec.body))
    },
  )

  it('the one query flag named like a global flag (`version` of endpoints run-get) is the query there', async () => {
    const flags = rows.flatMap(({ group, method, spec }) => Object.keys(flagsOf(group, method, spec)))
    expect([...new Set(flags.filter((flag) => GLOBAL_FLAGS.includes(flag)))]).toEqual(['version'])
    expect(await parse(['endpoints', 'run-get', 'top', '--version', '2'])).toMatchObject({
      kind: 'call',
      params: { version: 2 },
    })
    expect(await parse(['--version'])).toEqual({ kind: 'version' })
  })

  it('kebab and camel names map both ways', () => {
    expect(kebab('createExposureCohort')).toBe('create-exposure-cohort')
    expect(camel('event-definitions')).toBe('eventDefinitions')
    for (const { group, method } of rows) {
      expect(camel(kebab(method))).toBe(method)
      expect(camel(kebab(group))).toBe(group)
    }
  })

  it('flags come from the params shapes, with their kinds and allowed values', () => {
    expect(flagsOf('surveys', 'list', COMMANDS.surveys.list)).toEqual({
      limit: { kind: 'number' },
      offset: { kind: 'number' },
      search: { kind: 'string' },
    })
    const hogFunctionFlags = flagsOf('hogFunctions', 'list', COMMANDS.hogFunctions.list)
    expect(hogFunctionFlags.type).toEqual({ kind: 'list', values: [...HOG_FUNCTION_TYPES] })
    expect(hogFunctionFlags.created_at).toEqual({ kind: 'date' })
    expect(flagsOf('eventDefinitions', 'list', COMMANDS.eventDefinitions.list).ordering).toEqual({ kind: 'list' })
    expect(flagsOf('experiments', 'list', COMMANDS.experiments.list).status).toEqual({
      kind: 'string',
      values: ['draft', 'running', 'complete', 'all'],
    })
    expect(flagsOf('experiments', 'end', COMMANDS.experiments.end).conclusion).toEqual({
      kind: 'string',
      values: ['won', 'lost', 'inconclusive', 'stopped_early', 'invalid'],
    })
  })

  it('body fields come from the body shapes, required ones marked', () => {
    const fields = Object.fromEntries(bodyFieldsOf('experiments', 'create'))
    expect(fields.name).toBe('required: text')
    expect(fields.feature_flag_key).toBe('required: text')
    expect(fields.type).toBe('one of "web", "product" or null')
    expect(fields.conclusion).toMatch(/^one of "won", "lost", "inconclusive", "stopped_early", "invalid"/)
  })
})

describe('commandHint', () => {
  it('names the command for every SDK call an operation hint gives, and leaves other text alone', () => {
    const hinted = Object.values(OPERATIONS).flatMap((operation) =>
      'hint' in operation && operation.hint ? [operation.hint] : [],
    )
    expect(hinted.length).toBeGreaterThanOrEqual(2)
    for (const hint of hinted) expect(commandHint(hint)).not.toMatch(/\w\.\w+\(/)
    expect(commandHint('use experiments.softDelete(id)')).toBe('use experiments soft-delete <id>')
    expect(commandHint('use surveys.archiveResponse(id, responseUuid)')).toBe(
      'use surveys archive-response <id> <responseUuid>',
    )
    expect(commandHint('see console.log(x) or experiments.unknown(id)')).toBe(
      'see console.log(x) or experiments.unknown(id)',
    )
  })
})

describe('parseCommandLine', () => {
  const call = async (...argv: string[]) => (await parse(argv)) as Call
  const usage = async (...argv: string[]) => {
    try {
      await parseCommandLine(argv)
    } catch (error) {
      if (error instanceof UsageError) return error.message
      throw error
    }
    throw new Error('expected a usage error')
  }

  it('reads groups and methods in kebab or camel case, ids positional', async () => {
    for (const argv of [
      ['event-definitions', 'retrieve', 'abc'],
      ['eventDefinitions', 'retrieve', 'abc'],
    ]) {
      expect(await call(...argv)).toMatchObject({
        kind: 'call',
        group: 'eventDefinitions',
        method: 'retrieve',
        ids: ['abc'],
      })
    }
    expect(await call('experiments', 'create-exposure-cohort', '7')).toMatchObject({
      method: 'createExposureCohort',
      ids: ['7'],
      data: undefined,
    })
    expect(await call('surveys', 'archive-response', 's1', 'r1')).toMatchObject({ ids: ['s1', 'r1'] })
  })

  it('converts query flags to the SDK’s types', async () => {
    expect(
      (
        await call(
          'hog-functions',
          'list',
          '--type',
          'destination,transformation',
          '--type=site_app',
          '--limit',
          '5',
          '--enabled',
          '--search',
          'x',
        )
      ).params,
    ).toEqual({
      type: ['destination', 'transformation', 'site_app'],
      limit: 5,
      enabled: true,
      search: 'x',
    })
    expect((await call('experiments', 'list', '--archived', 'false')).params).toEqual({ archived: false })
    expect((await call('surveys', 'stats', '--exclude_archived', 's1')).params).toEqual({ exclude_archived: true })
    expect((await call('surveys', 'stats', '--exclude_archived', 's1')).ids).toEqual(['s1'])
    expect((await call('hog-functions', 'metrics', 'h1', '--after', '-7d')).params).toEqual({ after: '-7d' })
    expect((await call('surveys', 'list')).params).toEqual({})
    expect((await call('surveys', 'retrieve', 'x')).params).toBeUndefined()
  })

  it(
    'checks flag values against the params shape: a wrong type or ' + 'a value outside the allowed ones names the flag',
    async () => {
      expect(await usage('surveys', 'list', '--limit', 'ten')).toBe(
        'Invalid argument `--limit`: expected number, got string "ten"',
      )
      expect(await usage('experiments', 'list', '--status', 'runing')).toBe(
        'Invalid argument `--status`: expected one of "draft", "running", "complete", "all", got "runing"',
      )
      expect(await usage('hog-functions', 'list', '--type', 'webhook')).toMatch(
        /^Invalid argument `--type\[0\]`: expected one of "destination", /,
      )
    },
  )

  it('reads settings and output options', async () => {
    const parsed = await call(
      'surveys',
      'list',
      '--api-key',
      'phx_k',
      '--project',
      '9',
      '--base-url',
      'http://h',
      '--endpoints-prefix',
      'environments',
      '--timeout',
      '500',
      '--max-retries',
      '1',
      '--format',
      'ndjson',
      '--max',
      '10',
      '--dry-run',
    )
    expect(parsed.settings).toEqual({
      apiKey: 'phx_k',
      projectId: '9',
      baseUrl: 'http://h',
      endpointsPrefix: 'environments',
      timeout: 500,
      maxRetries: 1,
    })
    expect(parsed.output).toEqual({ format: 'ndjson', all: false, max: 10, dryRun: true })
    expect((await call('surveys', 'list', '--timeout', 'soon')).settings.timeout).toBe('soon')
    expect((await call('surveys', 'create', '--data', '{}')).data).toBe('{}')
  })

  it('answers --help, --version and an empty command line', async () => {
    expect(await parse([])).toEqual({ kind: 'help' })
    expect(await parse(['--help'])).toEqual({ kind: 'help' })
    expect(await parse(['hog-functions', '-h'])).toEqual({ kind: 'help', group: 'hogFunctions' })
    expect(await parse(['hog-functions', 'metrics-totals', '--help'])).toEqual({
      kind: 'help',
      group: 'hogFunctions',
      command: ['hog-functions', 'metrics-totals'],
    })
    expect(await parse(['--version'])).toEqual({ kind: 'version' })
  })

  it('refuses mistakes with the InvalidArgumentError wording', async () => {
    expect(await usage('nope', 'list')).toMatch(/^Invalid argument `nope`: unknown group/)
    expect(await usage('nope', '--help')).toMatch(/^Invalid argument `nope`: unknown group/)
    expect(await usage('--project', '1')).toMatch(/^Invalid argument `group`: missing/)
    expect(await usage('surveys', 'list', '--what')).toMatch(/^Invalid argument `--what`: unknown flag of surveys list/)
    expect(await usage('experiments', 'requires-flag-implementation', '--limit', '1')).toBe(
      'Invalid argument `--limit`: unknown flag of experiments requires-flag-implementation (see experiments ' +
        'requires-flag-implementation --help)',
    )
    expect(await usage('experiments', 'list', '--max', '-1')).toBe(
      'Invalid argument `--max`: expected a non-negative integer, got "-1"',
    )
  })

  it('reads `query`: HogQL with its values, or any node, and the refresh', async () => {
    expect(
      await parse(['query', '--hogql', 'SELECT 1', '--values', '{"a":1}', '--refresh', 'async', '--format', 'ndjson']),
    ).toMatchObject({
      kind: 'query',
      hogql: 'SELECT 1',
      values: '{"a":1}',
      data: undefined,
      refresh: 'async',
      output: { format: 'ndjson', all: false, max: undefined, dryRun: false },
    })
    expect(await parse(['query', '--data', '@node.json'])).toMatchObject({
      kind: 'query',
      hogql: undefined,
      data: '@node.json',
    })
    expect(await parse(['query', '--help'])).toEqual({ kind: 'help', command: ['query'] })
    expect(await usage('query')).toBe(
      "Invalid argument `--hogql`: required: query --hogql '<SQL>', or a query node with --data",
    )
    expect(await usage('query', '--hogql', 'SELECT 1', '--data', '{}')).toMatch(/^Invalid argument `--hogql`: required/)
    expect(await usage('query', '--data', '{}', '--values', '{}')).toBe(
      'Invalid argument `--values`: goes with --hogql',
    )
    expect(await usage('query', '--hogql', 'SELECT 1', '--all')).toBe('Invalid argument `--all`: query is not a list')
    expect(await usage('query', '--sql', 'x')).toMatch(/^Invalid argument `--sql`: unknown flag of query/)
  })

  it('findCommand ignores names inherited from Object', () => {
    expect(findCommand('surveys', 'constructor')).toBeUndefined()
    expect(findCommand('surveys', 'toString')).toBeUndefined()
  })
})
