import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { parseCommandLine } from '../../src/cli/args.js'
import { clientOptions } from '../../src/cli/client.js'
import { COMMANDS, GROUPS, kebab, methodsOf, type CommandSpec } from '../../src/cli/commands.js'
import { UsageError } from '../../src/cli/errors.js'
import { toolHelp } from '../../src/cli/help.js'
import type { Sink } from '../../src/cli/output.js'
import type { Io } from '../../src/cli/command.js'
import { API_COMMANDS, CONFIG_COMMANDS, REGISTRY, TOOL_COMMANDS, lookUp } from '../../src/cli/registry.js'
import { fakeEnv } from './helpers.js'

/** The one registry of commands (API calls and configuration commands), its help, and the one way to a client. */

const methods = GROUPS.flatMap((group) =>
  methodsOf(group).map((method) => ({
    group,
    method,
    spec: (COMMANDS[group] as Record<string, CommandSpec>)[method]!,
  })),
)

describe('the registry', () => {
  it(
    'holds every method of every group, query, the four ' + 'configuration commands, test and completion, each once',
    () => {
      expect(REGISTRY.map(({ words }) => words.join(' '))).toEqual([
        ...methods.map(({ group, method }) => `${kebab(group)} ${kebab(method)}`),
        'query',
        'pull',
        'plan',
        'apply',
        'copy',
        'test',
        'completion',
      ])
      expect(new Set(REGISTRY.map(({ words }) => words.join(' '))).size).toBe(REGISTRY.length)
    },
  )

  it.each(methods.map((row) => [`${row.group}.${row.method}`, row] as const))(
    '%s: reachable by its kebab and camel names, summary from its row',
    (_name, { group, method, spec }) => {
      const { command } = lookUp([kebab(group), kebab(method)])
      expect(command!.words).toEqual([kebab(group), kebab(method)])
      expect(command!.summary).toBe(spec.summary)
      expect(lookUp([group, method]).command).toBe(command)
    },
  )

  it.each(['query', 'pull', 'plan', 'apply', 'copy'])(
    '%s: reachable by its word, and its help is its own',
    async (word) => {
      const { command } = lookUp([word])
      expect(command!.words).toEqual([word])
      expect(await command!.help()).toMatch(new RegExp(`^Usage: posthog-project ${word} `))
      expect(await parseCommandLine(['help', word])).toEqual({ kind: 'help', command })
    },
  )

  it('a group named alone is its group; an unknown word names the nearest', () => {
    expect(lookUp(['hog-functions'])).toEqual({ group: 'hogFunctions' })
    expect(lookUp([])).toEqual({})
    expect(() => lookUp(['plna'])).toThrow(UsageError)
    expect(() => lookUp(['surveys', 'lst'])).toThrow(
      'Invalid argument `lst`: unknown method of surveys; did you mean list?',
    )
  })

  it(
    'every command reads its flags: `<words> --help` finds it, ' + 'and each method help opens with its usage',
    async () => {
      for (const command of REGISTRY) {
        expect(await parseCommandLine([...command.words, '--help'])).toMatchObject({ kind: 'help', command })
        const flags = await command.flags()
        // `completion` talks to no service: it takes no settings.
        const shared = TOOL_COMMANDS.includes(command)
          ? ['help']
          : ['api-key', 'project', 'base-url', 'verbose', 'help']
        expect(Object.keys(flags.shared)).toEqual(expect.arrayContaining(shared))
      }
      expect(await lookUp(['surveys', 'list']).command!.help()).toMatch(
        /^Usage: posthog-project surveys list \[--<param> <value>…\] \[--all\] \[--max N\]\n/,
      )
    },
  )
})

describe('one parser for every command', () => {
  const refusal = async (argv: string[]) => {
    try {
      await parseCommandLine(argv)
    } catch (error) {
      if (error instanceof UsageError) return { message: error.message, exitCode: error.exitCode }
      throw error
    }
    throw new Error('expected a usage error')
  }

  it(
    'a flag of another configuration command is refused by ' + 'name; of no command, as unknown with the nearest',
    async () => {
      expect(await refusal(['pull', '--prune'])).toEqual({
        message: 'Invalid argument `--prune`: not a flag of pull (its flags: --kind, --with-tests)',
        exitCode: 2,
      })
      expect(await refusal(['surveys', 'list', '--prune'])).toEqual({
        message:
          'Invalid argument `--prune`: unknown flag of surveys list (its flags: --limit, --offset, --search; see ' +
          'surveys list --help)',
        exitCode: 2,
      })
    },
  )

  it(
    'with --detailed-exitcode a refused configuration command ' + 'exits 1 (2 means changes); an API call still 2',
    async () => {
      expect(await refusal(['plan', '--detailed-exitcode', '--fromat', 'json'])).toEqual({
        message:
          'Invalid argument `--fromat`: unknown flag of plan; did you mean --format? (its flags: --kind, --key, ' +
          '--prune, --format, --detailed-exitcode, --out, --allow-env, --rotate-secrets; see plan --help)',
        exitCode: 1,
      })
      expect((await refusal(['pull', '--detailed-exitcode'])).exitCode).toBe(1)
      expect(await refusal(['surveys', 'list', '--detailed-exitcode'])).toMatchObject({ exitCode: 2 })
    },
  )

  it('reads the settings of an API call and of a configuration command alike, wherever the words stand', async () => {
    const plan = await parseCommandLine(['--verbose', 'plan', 'dir', '--project', '4', '--timeout', '50'])
    expect(plan).toMatchObject({
      kind: 'run',
      command: lookUp(['plan']).command,
      input: { command: 'plan', dir: 'dir', settings: { projectId: '4', timeout: 50 }, reporting: { verbose: true } },
    })
    const call = await parseCommandLine(['--verbose', 'surveys', 'retrieve', 'x', '--project', '4', '--timeout', '50'])
    expect(call).toMatchObject({
      kind: 'run',
      command: lookUp(['surveys', 'retrieve']).command,
      input: { ids: ['x'], settings: { projectId: '4', timeout: 50 }, reporting: { verbose: true } },
    })
  })
})

describe('help from the registry', () => {
  const help = toolHelp(API_COMMANDS, CONFIG_COMMANDS)

  it('lists every method under its group, query, and every configuration command', () => {
    for (const group of GROUPS)
      expect(help).toContain(`\n  ${kebab(group)}: ${methodsOf(group).map(kebab).join(', ')}\n`)
    expect(help).toContain(
      "\n  query: posthog-project query --hogql '<SQL>' (any query: --data <node>; see query --help)\n",
    )
    expect(help).toContain(
      '\n  pull [DIR], plan [DIR] [--detailed-exitcode], apply [DIR] [--dry-run], copy --to-project ID ' +
        '[--dry-run], test [DIR] [--remote]\n',
    )
    expect(CONFIG_COMMANDS.map(({ synopsis }) => synopsis)).toEqual([
      'pull [DIR]',
      'plan [DIR] [--detailed-exitcode]',
      'apply [DIR] [--dry-run]',
      'copy --to-project ID [--dry-run]',
      'test [DIR] [--remote]',
    ])
  })
})

describe('one way from flags and environment to a client', () => {
  const env = {
    POSTHOG_PERSONAL_API_KEY: 'phx_from_env',
    POSTHOG_PROJECT_ID: '7',
    POSTHOG_BASE_URL: 'https://eu.posthog.com',
  }

  it('each setting from its flag, else its variable; the key and the project required, naming both', () => {
    expect(clientOptions({}, env)).toEqual({
      apiKey: 'phx_from_env',
      projectId: '7',
      baseUrl: 'https://eu.posthog.com',
    })
    expect(
      clientOptions(
        {
          apiKey: 'phx_flag',
          projectId: '9',
          baseUrl: 'https://h',
          timeout: 500,
          maxRetries: 1,
          endpointsPrefix: 'environments',
          validateResponses: false,
        },
        env,
      ),
    ).toEqual({
      apiKey: 'phx_flag',
      projectId: '9',
      baseUrl: 'https://h',
      timeout: 500,
      maxRetries: 1,
      endpointsPrefix: 'environments',
      validateResponses: false,
    })
    expect(clientOptions({ projectId: '9' }, { POSTHOG_PERSONAL_API_KEY: 'phx_k' })).toEqual({
      apiKey: 'phx_k',
      projectId: '9',
    })
    expect(() => clientOptions({ projectId: '9' }, { POSTHOG_PERSONAL_API_KEY: '' })).toThrow(
      'Invalid argument `--api-key`: missing: pass --api-key or set POSTHOG_PERSONAL_API_KEY',
    )
    expect(() => clientOptions({}, { POSTHOG_PERSONAL_API_KEY: 'phx_k' })).toThrow(
      'Invalid argument `--project`: missing: pass --project or set POSTHOG_PROJECT_ID',
    )
  })

  it('a dry run needs no key: a placeholder stands in, and a key given is used', () => {
    expect(clientOptions({ projectId: '9' }, {}, true)).toEqual({ apiKey: 'phx_dry_run', projectId: '9' })
    expect(clientOptions({ projectId: '9' }, { POSTHOG_PERSONAL_API_KEY: 'phx_k' }, true)).toEqual({
      apiKey: 'phx_k',
      projectId: '9',
    })
    expect(() => clientOptions({}, {}, true)).toThrow('Invalid argument `--project`')
  })

  it('an API call and a configuration command read the same flags into the same client options', async () => {
    const flags = [
      '--api-key',
      'phx_flag',
      '--project',
      '3',
      '--base-url',
      'https://h.example',
      '--timeout',
      '900',
      '--max-retries',
      '1',
      '--no-validate-responses',
    ]
    const settingsOf = async (argv: string[]) =>
      ((await parseCommandLine(argv)) as { input: { settings: Parameters<typeof clientOptions>[0] } }).input.settings
    const call = clientOptions(await settingsOf(['surveys', 'list', ...flags]), env)
    const config = clientOptions(await settingsOf(['plan', ...flags]), env)
    expect(call).toEqual({
      apiKey: 'phx_flag',
      projectId: '3',
      baseUrl: 'https://h.example',
      timeout: 900,
      maxRetries: 1,
      validateResponses: false,
    })
    expect(config).toEqual(call)
  })
})

describe('both kinds of command, run in process against the fake', () => {
  let fake: FakeApi
  let server: FakeServer
  let work: string

  /** A sink that keeps what is written. */
  const memory = () =>
    ({
      text: '',
      write(chunk: string | Uint8Array) {
        this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
        return true
      },
      once: () => undefined,
    }) satisfies Sink & { text: string }

  async function run(argv: string[], env: Record<string, string>) {
    const parsed = await parseCommandLine(argv)
    if (parsed.kind !== 'run') throw new Error(`not a command: ${argv.join(' ')}`)
    const io: Io & { stdout: { text: string }; stderr: { text: string } } = {
      stdout: memory(),
      stderr: memory(),
      stdin: (async function* () {})(),
      env,
      signal: new AbortController().signal,
    }
    const code = await parsed.command.run(parsed.input, io)
    return { code, stdout: io.stdout.text, stderr: io.stderr.text }
  }

  beforeEach(async () => {
    fake = createFakeApi({ projects: [1, 2] })
    server = await fake.listen()
    work = mkdtempSync(join(tmpdir(), 'phc-registry-'))
  })
  afterEach(async () => {
    await server.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('take the key, project and host from the environment alike, and the project from --project alike', async () => {
    const env = fakeEnv(fake, server.url)
    const listed = await run(['surveys', 'list', '--format', 'json'], env)
    expect(listed).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(listed.stdout)).toMatchObject({ results: [], count: 0 })
    const pulled = await run(['pull', join(work, 'one'), '--kind', 'surveys'], env)
    expect(pulled).toEqual({ code: 0, stdout: `Pulled 0 specs into ${join(work, 'one')}\n`, stderr: '' })
    expect(fake.requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'GET /api/projects/1/surveys/ 200',
      'GET /api/projects/1/surveys/ 200',
    ])
    expect(fake.requests.every(({ url }) => url.startsWith(server.url))).toBe(true)
    await run(['surveys', 'list', '--project', '2', '--format', 'json'], env)
    await run(['pull', join(work, 'two'), '--kind', 'surveys', '--project', '2'], env)
    expect(fake.requests.slice(2).map(({ path, status }) => `${path} ${status}`)).toEqual([
      '/api/projects/2/surveys/ 200',
      '/api/projects/2/surveys/ 200',
    ])
    expect(readdirSync(work).sort()).toEqual(['one', 'two'])
  })

  it('refuse a missing key alike, before anything is sent', async () => {
    const env = { POSTHOG_PROJECT_ID: '1', POSTHOG_BASE_URL: server.url }
    const line =
      'posthog-project: Invalid argument `--api-key`: missing: pass --api-key or set POSTHOG_PERSONAL_API_KEY\n'
    expect(await run(['surveys', 'list'], env)).toEqual({ code: 2, stdout: '', stderr: line })
    expect(await run(['pull', join(work, 'none')], env)).toEqual({ code: 2, stdout: '', stderr: line })
    expect(fake.requests).toEqual([])
  })
})
