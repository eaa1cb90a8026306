import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { plainServer, send, type PlainServer } from '../helpers/plain-server.js'
import { buildCli, fakeEnv, finished, runInProcess, type StagedCli } from './helpers.js'

/**
 * The command in pipes and CI, over real sockets: the built bin in a real pipe whose reader closes it
 * (`| head`); `--concurrency`, `--verbose`, `--no-validate-responses`, `help [group]` and the plain-http warning
 * by the command line run in this process (what the bin runs).
 */

// The pipe's tests spawn the command several times: on a loaded machine that takes a while.
vi.setConfig({ testTimeout: 120_000 })

const SECRET = 'phx_shell_secret_key_never_shown'
let cli: StagedCli
let fake: FakeApi
let server: FakeServer
let env: Record<string, string>

beforeAll(async () => {
  cli = buildCli()
  fake = createFakeApi({ apiKey: SECRET })
  server = await fake.listen()
  env = fakeEnv(fake, server.url)
}, 120_000)
afterAll(async () => {
  await server?.close()
  cli?.remove()
})

const run = (args: string[], extraEnv: Record<string, string> = {}) =>
  runInProcess(args, { env: { ...env, ...extraEnv } })
const listRequests = (operation: string) => fake.requests.filter((request) => request.operation === operation)

/** Runs a bash command line with the built bin as `$CLI`; returns what the pipeline printed. */
function bash(script: string) {
  const child = spawn('bash', ['-c', script], {
    env: { PATH: process.env.PATH ?? '', ...env, CLI: `"${process.execPath}" "${cli.bin}"` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return finished(child)
}

describe('a reader that closes the pipe', () => {
  it('experiments list --all | head -3: three items, no stack trace, exit 0, and the walk stops', async () => {
    fake.reset()
    fake.seed.experiments(1_200)
    // PIPESTATUS: the command's own exit code, not head's.
    const result = await bash(
      'eval "$CLI experiments list --all --format ndjson --limit 100" | head -3; echo "exit ${PIPESTATUS[0]}" >&2',
    )
    expect(result.stderr).toBe('exit 0\n')
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('feature_flag_key')
    // 12 pages in all: the walk ended when the reader went away.
    expect(listRequests('experiments.list').length).toBeLessThan(12)
  })

  it('in every format, and for one large answer', async () => {
    for (const format of ['json', 'table']) {
      const result = await bash(
        `eval "$CLI experiments list --all --format ${format}" | head -1; echo "exit \${PIPESTATUS[0]}" >&2`,
      )
      expect(result.stderr, format).toBe('exit 0\n')
      expect(result.stdout.split('\n')).toHaveLength(2)
    }
    const page = await bash(
      'eval "$CLI experiments list --limit 1000 --format json" | head -c 10 > /dev/null; echo "exit ' +
        '${PIPESTATUS[0]}" >&2',
    )
    expect(page.stderr).toBe('exit 0\n')
  })
})

describe('--all progress and --concurrency', () => {
  /** The most list requests the fake held unanswered at once while `args` ran. */
  async function mostInFlight(args: string[]): Promise<{ most: number; code: number | null; lines: number }> {
    let most = 0
    const watch = setInterval(() => {
      most = Math.max(most, listRequests('surveys.list').filter((request) => request.status === null).length)
    }, 5)
    try {
      const result = await run(args)
      return { most, code: result.code, lines: result.stdout.trimEnd().split('\n').length }
    } finally {
      clearInterval(watch)
    }
  }

  it('--concurrency 4 fetches four pages at once, in order, each once; without it, one at a time', async () => {
    fake.reset()
    fake.seed.surveys(1_000)
    fake.faults.delayNext(10, { ms: 150, operation: 'surveys.list' })
    const parallel = await mostInFlight([
      'surveys',
      'list',
      '--all',
      '--concurrency',
      '4',
      '--limit',
      '100',
      '--format',
      'ndjson',
    ])
    expect(parallel).toMatchObject({ code: 0, lines: 1_000, most: 4 })
    expect(listRequests('surveys.list')).toHaveLength(10)
    fake.faults.delayNext(10, { ms: 150, operation: 'surveys.list' })
    const one = await mostInFlight(['surveys', 'list', '--all', '--limit', '100', '--format', 'ndjson'])
    expect(one).toMatchObject({ code: 0, lines: 1_000, most: 1 })
  })

  it('--concurrency keeps the order of the items', async () => {
    const sequential = await run(['surveys', 'list', '--all', '--limit', '100', '--format', 'ndjson'])
    const parallel = await run([
      'surveys',
      'list',
      '--all',
      '--limit',
      '100',
      '--format',
      'ndjson',
      '--concurrency',
      '8',
    ])
    expect(parallel.code).toBe(0)
    expect(parallel.stdout).toBe(sequential.stdout)
  })
})

describe('--verbose', () => {
  it('prints each request, answer, retry and the wait before it on stderr, never the key', async () => {
    fake.reset()
    fake.seed.surveys(3)
    fake.faults.failNext(1, { status: 429, retryAfter: 1, operation: 'surveys.list' })
    const result = await run(['surveys', 'list', '--verbose'])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ count: 3 })
    const lines = result.stderr.trimEnd().split('\n')
    const url = `${server.url}/api/projects/1/surveys/`
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^posthog-project: \\[\\d+\\.\\d\\ds\\] GET ${url}$`)),
      expect.stringMatching(/^posthog-project: \[\d+\.\d\ds\] 429: the service asks to wait 1 s \(Retry-After\)$/),
      expect.stringMatching(new RegExp(`^posthog-project: \\[\\d+\\.\\d\\ds\\] 429 GET ${url}$`)),
      expect.stringMatching(
        new RegExp(`^posthog-project: \\[\\d+\\.\\d\\ds\\] will retry \\(1\\) GET ${url} after: status 429$`),
      ),
      expect.stringMatching(new RegExp(`^posthog-project: \\[\\d+\\.\\d\\ds\\] retry 1: GET ${url}$`)),
      expect.stringMatching(new RegExp(`^posthog-project: \\[\\d+\\.\\d\\ds\\] 200 GET ${url}$`)),
    ])
    // The wait the service asked for shows between the 429 and the retry.
    const seconds = lines.map((line) => Number(/\[(\d+\.\d+)s\]/.exec(line)![1]))
    expect(seconds[3]! - seconds[2]!).toBeGreaterThanOrEqual(0.9)
    expect(result.stderr).not.toContain(SECRET)
    // Without the flag, stderr stays quiet.
    expect((await run(['surveys', 'list'])).stderr).toBe('')
  })

  it('the configuration commands take it too', async () => {
    // The folder is made in the staging folder, as a shell there would (the commands resolve DIR against the working
    // folder).
    const before = process.cwd()
    process.chdir(cli.dir)
    const result = await run(['pull', 'verbose-pull', '--kind', 'surveys', '--verbose']).finally(() =>
      process.chdir(before),
    )
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('Pulled 3 specs into verbose-pull\n')
    expect(result.stderr).toMatch(
      new RegExp(`^posthog-project: \\[\\d+\\.\\d\\ds\\] GET ${server.url}/api/projects/1/surveys/`),
    )
    expect(result.stderr).not.toContain(SECRET)
  })
})

describe('--no-validate-responses', () => {
  let odd: PlainServer
  let oddUrl: string
  beforeAll(async () => {
    // A service whose survey has a name of the wrong type.
    odd = await plainServer((_request, response) =>
      send(response, 200, { id: 'abc', name: 42, type: 'popover', questions: [] }),
    )
    oddUrl = odd.url
  })
  afterAll(() => odd.close())

  it('checked by default (exit 1); with the flag, printed as the service sent it', async () => {
    const checked = await run(['surveys', 'retrieve', 'abc', '--base-url', oddUrl])
    expect(checked.code).toBe(1)
    expect(checked.stderr).toMatch(/^posthog-project: ResponseValidationError: /)
    const unchecked = await run(['surveys', 'retrieve', 'abc', '--base-url', oddUrl, '--no-validate-responses'])
    expect(unchecked).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(unchecked.stdout)).toEqual({ id: 'abc', name: 42, type: 'popover', questions: [] })
  })
})

describe('help', () => {
  it.each([
    [['help'], ['--help']],
    [
      ['help', 'surveys'],
      ['surveys', '--help'],
    ],
    [
      ['help', 'hog-functions', 'list'],
      ['hog-functions', 'list', '--help'],
    ],
    [
      ['help', 'query'],
      ['query', '--help'],
    ],
    [
      ['help', 'plan'],
      ['plan', '--help'],
    ],
  ])('%j is %j', async (words, flags) => {
    const help = await run(words)
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: posthog-project/)
    expect(help.stdout).toBe((await run(flags)).stdout)
  })

  it('an unknown group names the nearest', async () => {
    const result = await run(['help', 'experimnts'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'posthog-project: Invalid argument `experimnts`: unknown group; did you mean experiments? (groups: ' +
        'experiments, hog-functions, surveys, endpoints, event-definitions, feature-flags, cohorts, actions, ' +
        'holdouts, saved-metrics, dashboards, insights, early-access-features; or query)\n',
    )
  })

  it('the help lists --dry-run where it is taken, and apply takes it', async () => {
    const help = (await run(['--help'])).stdout
    expect(help).toMatch(/--dry-run\s+print the request .*\(apply, copy: the plan\)/)
    expect(help).toContain('apply [DIR] [--dry-run], copy --to-project ID [--dry-run]')
    expect(help).toMatch(/--concurrency <n>/)
    expect(help).toMatch(/--verbose/)
    expect(help).toMatch(/--no-validate-responses/)
    expect((await run(['apply', '--help'])).stdout).toContain('[--dry-run]')
    expect((await run(['pull', '--dry-run'])).stderr).toContain('Invalid argument `--dry-run`: not a flag of pull')
  })
})

describe('the API key over plain http', () => {
  it('warns on stderr for a host that is not local, naming the flag or variable as given', async () => {
    const flag = await run(['surveys', 'list', '--dry-run', '--base-url', 'http://posthog.example.com'])
    expect(flag.code).toBe(0)
    expect(flag.stderr).toBe(
      'posthog-project: warning: --base-url http://posthog.example.com uses plain http: the API key will cross ' +
        'the network unencrypted. Use https.\n',
    )
    const variable = await run(['surveys', 'list', '--dry-run'], { POSTHOG_BASE_URL: 'http://10.1.2.3:8000' })
    expect(variable.stderr).toBe(
      'posthog-project: warning: POSTHOG_BASE_URL http://10.1.2.3:8000 uses plain http: the API key will cross ' +
        'the network unencrypted. Use https.\n',
    )
    expect(flag.stdout + flag.stderr + variable.stdout + variable.stderr).not.toContain(SECRET)
  })

  it.each(['http://127.0.0.1:8000', 'http://localhost:8000', 'http://[::1]:8000', 'https://posthog.example.com'])(
    'no warning for %s',
    async (url) => {
      const result = await run(['surveys', 'list', '--dry-run', '--base-url', url])
      expect(result).toMatchObject({ code: 0, stderr: '' })
    },
  )

  it('the configuration commands warn too', async () => {
    const result = await run([
      'pull',
      '--base-url',
      'http://posthog.example.invalid',
      '--max-retries',
      '0',
      '--timeout',
      '2000',
    ])
    expect(result.stderr).toMatch(
      /^posthog-project: warning: --base-url http:\/\/posthog\.example\.invalid uses plain http/,
    )
    expect(result.code).toBe(3)
  })
})
