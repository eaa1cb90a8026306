import { spawn } from 'node:child_process'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProjectClient } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { COMMANDS, GROUPS, kebab } from '../../src/cli/commands.js'
import { buildCli, fakeEnv, runCli, runInProcess, type StagedCli } from './helpers.js'
import { joined } from '../helpers/regex.js'

/**
 * The command's contract besides reaching operations: exit codes for each class of failure (with
 * nothing sent on a usage error), one-line errors, settings from flags and the environment, `--data`
 * from a file and stdin, `--dry-run`, `--help`, `--version`, and a key that never shows. The built bin
 * is spawned for what is its own (each exit code, stdin, a terminal, help and version without the SDK);
 * the rest runs the same command line in this process (`runHere`, what the bin runs).
 */

let cli: StagedCli
let fake: FakeApi
let server: FakeServer
let env: Record<string, string>
/** The SDK in this process, for the messages the command must repeat. */
let sdk: ProjectClient
const SECRET = 'phx_cli_secret_key_never_shown'

beforeAll(async () => {
  cli = buildCli()
  fake = createFakeApi({ apiKey: SECRET })
  server = await fake.listen()
  env = fakeEnv(fake, server.url)
  sdk = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
})
afterAll(async () => {
  await server?.close()
  cli?.remove()
})

const run = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  runCli(cli.bin, args, { env: options.env ?? env, ...(options.input !== undefined && { input: options.input }) })
/** The same command line in this process (the bin's own code). */
const runHere = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  runInProcess(args, { env: options.env ?? env, ...(options.input !== undefined && { input: options.input }) })
const oneLine = (stderr: string) => {
  expect(stderr).toMatch(/^posthog-project: [^\n]+\n$/)
  return stderr.slice('posthog-project: '.length).trimEnd()
}

describe('usage errors: exit 2, the SDK-style message, nothing sent', () => {
  const cases: Array<[string, string[], RegExp]> = [
    [
      'unknown group',
      ['experiment', 'list'],
      joined(
        /^Invalid argument `experiment`: unknown group; did you mean experiments\? \(groups: experiments, /,
        /hog-functions, surveys, endpoints, event-definitions, feature-flags, cohorts, actions, holdouts, /,
        /saved-metrics, dashboards, insights, early-access-features; or query\)$/,
      ),
    ],
    [
      'unknown group, nearest first',
      ['surveyz', 'list'],
      joined(
        /^Invalid argument `surveyz`: unknown group; did you mean surveys\? \(groups: surveys, experiments, /,
        /hog-functions, endpoints, event-definitions, feature-flags, cohorts, actions, holdouts, saved-metrics, /,
        /dashboards, insights, early-access-features; or query\)$/,
      ),
    ],
    [
      'unknown group, none near',
      ['widgets', 'list'],
      joined(
        /^Invalid argument `widgets`: unknown group \(groups: experiments, hog-functions, surveys, endpoints, /,
        /event-definitions, feature-flags, cohorts, actions, holdouts, saved-metrics, dashboards, insights, /,
        /early-access-features; or query\)$/,
      ),
    ],
    [
      'unknown method',
      ['surveys', 'lst'],
      joined(
        /^Invalid argument `lst`: unknown method of surveys; did you mean list\? \(methods: list, create, /,
        /.*responses-count\)$/,
      ),
    ],
    [
      'unknown method, nearest first',
      ['surveys', 'respones'],
      joined(
        /^Invalid argument `respones`: unknown method of surveys; did you mean responses\? \(methods: responses, /,
        /list, create, /,
      ),
    ],
    ['missing method', ['surveys'], /^Invalid argument `method`: missing: one of list, create,/],
    [
      'unknown flag',
      ['surveys', 'list', '--serach', 'x'],
      joined(
        /^Invalid argument `--serach`: unknown flag of surveys list; did you mean --search\? \(its flags: --limit, /,
        /--offset, --search; see surveys list --help\)$/,
      ),
    ],
    [
      'unknown global flag',
      ['surveys', 'list', '--verbos'],
      /^Invalid argument `--verbos`: unknown flag of surveys list; did you mean --verbose\? /,
    ],
    [
      '--concurrency without a walk',
      ['surveys', 'list', '--concurrency', '4'],
      /^Invalid argument `--concurrency`: goes with --all or --max/,
    ],
    [
      '--concurrency out of range',
      ['surveys', 'list', '--all', '--concurrency', '17'],
      /^Invalid argument `--concurrency`: expected a whole number from 1 to 16, got "17"$/,
    ],
    ['flag without a value', ['surveys', 'list', '--search'], /^Invalid argument `--search`: expects a value$/],
    [
      'bad boolean',
      ['experiments', 'list', '--archived=yes'],
      /^Invalid argument `--archived`: expected true or false, got "yes"$/,
    ],
    [
      'bad JSON in --data',
      ['experiments', 'create', '--data', '{name:'],
      /^Invalid argument `--data`: not valid JSON \(/,
    ],
    [
      'missing --data',
      ['experiments', 'create'],
      /^Invalid argument `--data`: required: experiments create takes a JSON body/,
    ],
    [
      '--data where no body goes',
      ['experiments', 'retrieve', '1', '--data', '{}'],
      /^Invalid argument `--data`: experiments retrieve takes no body$/,
    ],
    [
      'missing path param',
      ['surveys', 'archive-response', 'abc'],
      /^Invalid argument `responseUuid`: is required \(surveys archive-response <id> <responseUuid>\)$/,
    ],
    [
      'extra positional',
      ['surveys', 'retrieve', 'a', 'b'],
      /^Invalid argument `b`: unexpected argument: surveys retrieve takes 1 \(id\)$/,
    ],
    [
      '--all on a non-list',
      ['surveys', 'retrieve', 'a', '--all'],
      /^Invalid argument `--all`: surveys retrieve is not a list$/,
    ],
    [
      'bad --format',
      ['surveys', 'list', '--format', 'yaml'],
      /^Invalid argument `--format`: expected json, ndjson, table, got "yaml"$/,
    ],
    [
      'bad --max',
      ['surveys', 'list', '--max', '-1'],
      /^Invalid argument `--max`: expected a non-negative integer, got "-1"$/,
    ],
    // The request shapes, in full depth: the field path and what was expected.
    [
      'a bad query value',
      ['surveys', 'list', '--limit', 'ten'],
      /^Invalid argument `--limit`: expected number, got string "ten"$/,
    ],
    [
      'a flag outside its allowed values',
      ['experiments', 'list', '--status', 'runing'],
      /^Invalid argument `--status`: expected one of "draft", "running", "complete", "all", got "runing"$/,
    ],
    [
      'a body that is not an object',
      ['surveys', 'create', '--data', '[1]'],
      /^Invalid argument `--data`: expected object, got an array$/,
    ],
    [
      'a misspelled body field',
      ['experiments', 'update', '5', '--data', '{"conclsuion":"won"}'],
      /^Invalid argument `--data\.conclsuion`: unknown field; did you mean "conclusion"\?$/,
    ],
    [
      'a required body field missing',
      ['surveys', 'create', '--data', '{"type":"popover"}'],
      /^Invalid argument `--data\.name`: required \(string\)$/,
    ],
    [
      'a nested value outside its enum',
      [
        'experiments',
        'update',
        '5',
        '--data',
        '{"metrics":[{"metric_type":"median","source":{"kind":"EventsNode","event":"a"}}]}',
      ],
      joined(
        /^Invalid argument `--data\.metrics\[0\]\.metric_type`: expected one of "mean", "funnel", "ratio", /,
        /"retention", got "median"$/,
      ),
    ],
    [
      'a nested unknown field',
      ['hog-functions', 'update', 'h1', '--data', '{"inputs":{"url":{"value":"https://x","bytecode":[]}}}'],
      /^Invalid argument `--data\.inputs\.url\.bytecode`: unknown field$/,
    ],
  ]

  it.each(cases)('%s', async (_name, args, message) => {
    const before = fake.requests.length
    const result = await runHere(args)
    expect(result.code).toBe(2)
    expect(oneLine(result.stderr)).toMatch(message)
    expect(result.stdout).toBe('')
    expect(fake.requests.length).toBe(before)
  })

  it.each([
    ['a bad id', ['experiments', 'retrieve', 'abc'], () => sdk.experiments.retrieve('abc' as unknown as number)],
    ['a bad version number', ['endpoints', 'version', 'top', '0'], () => sdk.endpoints.version('top', '0')],
  ])('%s: the same message as the SDK’s InvalidArgumentError', async (_name, args, call) => {
    const expected = await call().then(
      () => 'resolved',
      (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`,
    )
    expect(expected).toMatch(/^InvalidArgumentError: Invalid argument/)
    const before = fake.requests.length
    const result = await runHere(args)
    expect(result.code).toBe(2)
    expect(oneLine(result.stderr)).toBe(expected.replace(/^InvalidArgumentError: /, ''))
    expect(fake.requests.length).toBe(before)
  })

  it('a missing key or project names the flag and the environment variable', async () => {
    const noKey = await runHere(['surveys', 'list'], { env: { POSTHOG_PROJECT_ID: '1', POSTHOG_BASE_URL: server.url } })
    expect(noKey.code).toBe(2)
    expect(oneLine(noKey.stderr)).toBe(
      'Invalid argument `--api-key`: missing: pass --api-key or set POSTHOG_PERSONAL_API_KEY',
    )
    const noProject = await runHere(['surveys', 'list'], {
      env: { POSTHOG_PERSONAL_API_KEY: SECRET, POSTHOG_BASE_URL: server.url },
    })
    expect(oneLine(noProject.stderr)).toBe(
      'Invalid argument `--project`: missing: pass --project or set POSTHOG_PROJECT_ID',
    )
    // The SDK's option errors name the flag as typed, not the option (`timeout`, `projectId`).
    const badTimeout = await runHere(['surveys', 'list', '--timeout', 'soon'])
    expect(badTimeout.code).toBe(2)
    expect(oneLine(badTimeout.stderr)).toBe(
      'Invalid argument `--timeout`: expected a positive number of milliseconds, got "soon"',
    )
    const badRetries = await runHere(['surveys', 'list', '--max-retries', '99'])
    expect(oneLine(badRetries.stderr)).toMatch(/^Invalid argument `--max-retries`: /)
    const badProject = await runHere(['surveys', 'list', '--project', 'my project'])
    expect(badProject.code).toBe(2)
    expect(oneLine(badProject.stderr)).toMatch(/^Invalid argument `--project`: /)
    const badProjectFromEnv = await runHere(['surveys', 'list'], { env: { ...env, POSTHOG_PROJECT_ID: 'my project' } })
    expect(oneLine(badProjectFromEnv.stderr)).toMatch(/^Invalid argument `POSTHOG_PROJECT_ID`: /)
  })

  it('a base URL ending in /api, as a flag or from the environment, is refused before anything is sent', async () => {
    const before = fake.requests.length
    const expected = (name: string) =>
      `Invalid argument \`${name}\`: ends in /api, but the client adds /api/projects/… itself: give the host ` +
      `(and any path before /api), e.g. ${server.url}`
    const flag = await runHere(['surveys', 'list', '--base-url', `${server.url}/api`])
    expect(flag.code).toBe(2)
    expect(oneLine(flag.stderr)).toBe(expected('--base-url'))
    const fromEnv = await runHere(['surveys', 'list'], { env: { ...env, POSTHOG_BASE_URL: `${server.url}/api/` } })
    expect(fromEnv.code).toBe(2)
    expect(oneLine(fromEnv.stderr)).toBe(expected('POSTHOG_BASE_URL'))
    expect(fake.requests.length).toBe(before)
  })
})

describe('API errors: exit 1, one line with status, detail, attr and hint', () => {
  it('404 not found', async () => {
    const result = await run(['experiments', 'retrieve', '424242'])
    expect(result.code).toBe(1)
    expect(oneLine(result.stderr)).toMatch(
      joined(
        /^NotFoundError: GET http:\/\/127\.0\.0\.1:\d+\/api\/projects\/1\/experiments\/424242\/ failed with 404: Not /,
        /found\.$/,
      ),
    )
  })

  it('400 with the attr at fault', async () => {
    const result = await runHere(['surveys', 'create', '--data', '{"name":"","type":"popover"}'])
    expect(result.code).toBe(1)
    expect(oneLine(result.stderr)).toMatch(/^BadRequestError: POST .* failed with 400: .+ \(attr: name\)$/)
    expect(oneLine(result.stderr).match(/\(attr: name\)/g)).toHaveLength(1)
  })

  it.each([
    [
      'experiments',
      () => String(fake.seed.experiments(1)[0]!.id),
      'experiments are never hard-deleted (the service always answers 405): use experiments soft-delete <id>',
    ],
    [
      'hog-functions',
      () => fake.seed.hogFunctions(1)[0]!.id,
      'hog functions are never hard-deleted (the service always answers 405): use hog-functions soft-delete <id>',
    ],
  ])('%s delete: 405 with the hint naming the command, not the SDK method', async (group, seed, hint) => {
    const result = await runHere([group, 'delete', seed()])
    expect(result.code).toBe(1)
    expect(oneLine(result.stderr)).toMatch(/^MethodNotAllowedError: DELETE .* failed with 405/)
    expect(oneLine(result.stderr).endsWith(` — ${hint}`)).toBe(true)
    expect(oneLine(result.stderr)).not.toMatch(/softDelete\(/)
    const help = await runHere([group, 'delete', '--help'])
    expect(help.stdout).toContain(`Note: ${hint}`)
  })

  it('403 names the scope, 401 never shows the key given', async () => {
    const denied = await runHere(['hog-functions', 'metrics', 'any'])
    expect(denied.code).toBe(1)
    expect(oneLine(denied.stderr)).toMatch(
      /^PermissionDeniedError: .* failed with 403: .* does not support personal API key access/,
    )
    const wrongKey = 'phx_wrong_key_that_must_not_show'
    const refused = await runHere(['surveys', 'list', '--api-key', wrongKey])
    expect(refused.code).toBe(1)
    expect(oneLine(refused.stderr)).toMatch(/^AuthenticationError: .* failed with 401/)
    expect(refused.stderr + refused.stdout).not.toContain(wrongKey)
  })
})

describe('other answers that are failures: exit 1', () => {
  it('a 5xx once the retries are spent, a 429 with its wait, a body that is not JSON', async () => {
    fake.faults.failNext(1, { status: 503, operation: 'surveys.list' })
    const unavailable = await runHere(['surveys', 'list', '--max-retries', '0'])
    expect(unavailable.code).toBe(1)
    expect(oneLine(unavailable.stderr)).toMatch(/^InternalServerError: GET .* failed with 503/)
    fake.faults.failNext(1, { status: 429, operation: 'surveys.list' })
    const throttled = await runHere(['surveys', 'list', '--max-retries', '0'])
    expect(throttled.code).toBe(1)
    expect(oneLine(throttled.stderr)).toMatch(/^RateLimitError: GET .* failed with 429/)
    fake.faults.malformedNext(1, { operation: 'surveys.list' })
    const malformed = await runHere(['surveys', 'list', '--max-retries', '0'])
    expect(malformed.code).toBe(1)
    expect(oneLine(malformed.stderr)).toMatch(
      /^ResponseValidationError: Unexpected response from GET .*: .*expected JSON/,
    )
  })
})

describe('no answer: exit 3', () => {
  it('connection refused', async () => {
    const closed = createFakeApi()
    const gone = await closed.listen()
    const url = gone.url
    await gone.close()
    const result = await run(['surveys', 'list', '--base-url', url, '--max-retries', '0'])
    expect(result.code).toBe(3)
    expect(oneLine(result.stderr)).toMatch(
      /^ConnectionError: GET http:\/\/127\.0\.0\.1:\d+\/api\/projects\/1\/surveys\/ failed/,
    )
  })

  it('timeout', async () => {
    fake.faults.hangNext(1, { operation: 'surveys.list' })
    const result = await runHere(['surveys', 'list', '--timeout', '300', '--max-retries', '0'])
    expect(result.code).toBe(3)
    expect(oneLine(result.stderr)).toMatch(/^TimeoutError: GET .* timed out after 300 ms per attempt$/)
  })
})

describe('settings, input and formats', () => {
  it('flags override the environment (--project, --base-url, --api-key)', async () => {
    const other = createFakeApi({ projectId: 77, apiKey: 'phx_other_project_key' })
    other.seed.surveys([{ name: 'Elsewhere' }])
    const elsewhere = await other.listen()
    try {
      const result = await runHere([
        'surveys',
        'list',
        '--project',
        '77',
        '--base-url',
        elsewhere.url,
        '--api-key',
        'phx_other_project_key',
      ])
      expect(result.code).toBe(0)
      expect(
        (JSON.parse(result.stdout) as { results: Array<{ name: string }> }).results.map((survey) => survey.name),
      ).toEqual(['Elsewhere'])
      expect(other.requests[0]!.path).toBe('/api/projects/77/surveys/')
    } finally {
      await elsewhere.close()
    }
  })

  it('--endpoints-prefix environments', async () => {
    fake.seed.endpoints([{ name: 'env_prefixed' }])
    const before = fake.requests.length
    const result = await runHere(['endpoints', 'retrieve', 'env_prefixed', '--endpoints-prefix', 'environments'])
    expect(result.code).toBe(0)
    expect(fake.requests[before]!.path).toBe('/api/environments/1/endpoints/env_prefixed/')
  })

  it('--data @file and --data - (stdin)', async () => {
    const file = join(cli.dir, 'survey.json')
    writeFileSync(file, JSON.stringify({ name: 'From a file', type: 'popover' }))
    const fromFile = await runHere(['surveys', 'create', '--data', `@${file}`])
    expect(fromFile.code).toBe(0)
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ name: 'From a file' })
    const fromStdin = await run(['surveys', 'create', '--data', '-'], { input: '{"name":"From stdin","type":"api"}' })
    expect(fromStdin.code).toBe(0)
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ name: 'From stdin', type: 'api' })
    const missing = await runHere(['surveys', 'create', '--data', '@/nonexistent/survey.json'])
    expect(missing.code).toBe(2)
    expect(oneLine(missing.stderr)).toBe('Invalid argument `--data`: cannot read /nonexistent/survey.json (ENOENT)')
  })

  it('query flags: lists comma-separated or repeated, bare booleans, relative dates with a dash', async () => {
    const before = fake.requests.length
    await runHere(['hog-functions', 'list', '--type', 'destination,transformation', '--type', 'site_app', '--enabled'])
    await runHere(['experiments', 'list', '--archived', 'false', '--limit', '3'])
    const [hog, experiments] = fake.requests.slice(before)
    expect(hog!.query).toMatchObject({ type: 'destination,transformation,site_app', enabled: 'true' })
    expect(experiments!.query).toMatchObject({ archived: 'false', limit: '3' })
  })

  it('--format table: the chosen columns of a list, fields of one record', async () => {
    fake.seed.surveys([{ name: 'Tabled survey' }])
    const list = await runHere(['surveys', 'list', '--search', 'Tabled', '--format', 'table'])
    const [header, row] = list.stdout.trimEnd().split('\n')
    expect(header!.split(/\s+/)).toEqual(['id', 'name', 'type', 'start_date', 'end_date', 'archived'])
    expect(row).toContain('Tabled survey')
    const id = row!.split(/\s+/)[0]!
    const record = await runHere(['surveys', 'retrieve', id, '--format', 'table'])
    expect(record.stdout).toMatch(new RegExp(`^id\\s+${id}$`, 'm'))
    expect(record.stdout).toMatch(/^name\s+Tabled survey$/m)
  })

  it('--format ndjson without --all: one item of the first page per line', async () => {
    const result = await runHere(['surveys', 'list', '--limit', '2', '--format', 'ndjson'])
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('id')
  })
})

describe('on a terminal (a pseudo-terminal from util-linux `script`)', () => {
  /** Runs a shell command line on a pseudo-terminal; returns what the terminal showed. */
  const terminal = (commandLine: string) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn('script', ['-qfec', commandLine, '/dev/null'], {
        env: { ...env, PATH: process.env.PATH ?? '' },
      })
      let output = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
      child.once('error', reject)
      child.once('close', (code) => resolve({ code, output }))
    })
  const command = (args: string[]) => [process.execPath, cli.bin, ...args].join(' ')

  it('table by default, without a progress line among the rows', async () => {
    fake.seed.surveys(150)
    const shown = await terminal(command(['surveys', 'list', '--all', '--limit', '100']))
    expect(shown.code).toBe(0)
    expect(shown.output).toMatch(/^id\s+name\s+type\s+start_date\s+end_date\s+archived\r?$/m)
    expect(shown.output).not.toContain('"results"')
    expect(shown.output).not.toContain('items…')
  })

  it('progress on stderr while the items go to a file', async () => {
    const file = join(cli.dir, 'export.ndjson')
    const total = (await sdk.surveys.list({ limit: 1 })).count
    expect(total).toBeGreaterThan(150)
    fake.faults.delayNext(3, { ms: 150, operation: 'surveys.list' })
    const shown = await terminal(
      `${command(['surveys', 'list', '--all', '--limit', '100', '--format', 'ndjson'])} > ${file}`,
    )
    expect(shown.code).toBe(0)
    // The list gives its count: the progress shows the total.
    expect(shown.output).toMatch(new RegExp(`\r\\d+ of ${total} items…`))
    expect(shown.output).not.toMatch(/\r\d+ items…/)
    expect(shown.output.endsWith('\r\x1b[K')).toBe(true)
    expect(readFileSync(file, 'utf8').trimEnd().split('\n').length).toBeGreaterThan(150)
  })
})

describe('--dry-run', () => {
  it('prints method, URL and body, sends nothing, never shows the key', async () => {
    const before = fake.requests.length
    const result = await runHere([
      'experiments',
      'create',
      '--dry-run',
      '--data',
      '{"name":"Dry","feature_flag_key":"dry"}',
    ])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({
      method: 'POST',
      url: `${server.url}/api/projects/1/experiments/`,
      headers: expect.objectContaining({ authorization: 'Bearer [REDACTED]', 'content-type': 'application/json' }),
      body: { name: 'Dry', feature_flag_key: 'dry' },
    })
    expect(fake.requests.length).toBe(before)
    expect(result.stdout + result.stderr).not.toContain(SECRET)
  })

  it('a list with its query, in table form, without any key configured', async () => {
    const result = await runHere(['hog-functions', 'list', '--type', 'destination', '--dry-run', '--format', 'table'], {
      env: { POSTHOG_PROJECT_ID: '5' },
    })
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')[0]).toBe(
      'GET https://us.posthog.com/api/projects/5/hog_functions/?type=destination',
    )
    expect(result.stdout).toContain('authorization: Bearer [REDACTED]')
    expect(result.stdout).toContain('(dry run: nothing was sent)')
  })

  it('bad arguments still fail with exit 2', async () => {
    const result = await runHere(['experiments', 'retrieve', 'abc', '--dry-run'])
    expect(result.code).toBe(2)
  })
})

describe('--help and --version', () => {
  it('--help lists every method of every group', async () => {
    const result = await run(['--help'])
    expect(result.code).toBe(0)
    for (const group of GROUPS) {
      const line = result.stdout.split('\n').find((text) => text.startsWith(`  ${kebab(group)}: `))
      expect(line, group).toBe(`  ${kebab(group)}: ${Object.keys(COMMANDS[group]).map(kebab).join(', ')}`)
    }
    expect(result.stdout).toContain('POSTHOG_PERSONAL_API_KEY')
    const bare = await run([])
    expect(bare.stdout).toBe(result.stdout)
  })

  it('<group> --help: each method with its wire path and scope', async () => {
    const result = await runHere(['surveys', '--help'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('archive-response <id> <responseUuid>')
    expect(result.stdout).toContain(
      'POST /api/projects/:project_id/surveys/:id/responses/:responseUuid/archive/  ·  scope survey:write',
    )
    expect(result.stdout).toContain('GET /api/projects/:project_id/surveys/activity/  ·  scope activity_log:read')
  })

  it('<group> <method> --help: path params, flags, scope, hint', async () => {
    const result = await runHere(['hog-functions', 'list', '--help'])
    expect(result.stdout).toContain('Usage: posthog-project hog-functions list [--<param> <value>…] [--all] [--max N]')
    expect(result.stdout).toMatch(
      /--type\s+a list: comma-separated or the flag repeated, each one of destination, site_destination,/,
    )
    expect(result.stdout).toContain('scope: hog_function:read')
    const list = await runHere(['experiments', 'list', '--help'])
    expect(list.stdout).toMatch(/--status\s+one of draft, running, complete, all\n/)
    const create = await runHere(['experiments', 'create', '--help'])
    expect(create.stdout).toContain('Body fields:')
    expect(create.stdout).toMatch(/\n  name\s+required: text\n/)
    expect(create.stdout).toMatch(/\n  type\s+one of "web", "product" or null\n/)
    expect(create.stdout).toMatch(/\n  metrics\s+a list or null\n/)
    const deleted = await runHere(['experiments', 'delete', '--help'])
    expect(deleted.stdout).toContain(
      'Note: experiments are never hard-deleted (the service always answers 405): use experiments soft-delete <id>',
    )
  })

  it('--version prints the package version', async () => {
    const result = await run(['--version'])
    expect(result).toEqual({ code: 0, stdout: `${(await import('../../package.json')).version}\n`, stderr: '' })
  })

  it('--help, --version and usage errors never load the SDK', async () => {
    const entries = ['index.js', 'index.cjs'].map((name) => join(cli.dir, 'dist', name))
    for (const entry of entries) renameSync(entry, `${entry}.away`)
    try {
      expect((await run(['--version'])).code).toBe(0)
      expect((await run(['--help'])).code).toBe(0)
      expect((await run(['experiments', '--help'])).code).toBe(0)
      expect((await run(['experiments', 'list', '--help'])).code).toBe(0)
      expect((await run(['experiments', 'lst'])).code).toBe(2)
      // The SDK is really gone: a call fails to load it.
      expect((await run(['experiments', 'list'])).stderr).toMatch(/Cannot find|ERR_MODULE_NOT_FOUND/)
    } finally {
      for (const entry of entries) renameSync(`${entry}.away`, entry)
    }
  })
})
