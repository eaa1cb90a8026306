import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProjectClient } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import * as endpoints from '../fixtures/payloads/endpoints.js'
import * as experiments from '../fixtures/payloads/experiments.js'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import * as surveys from '../fixtures/payloads/surveys.js'
import { buildCli, fakeEnv, finished, runInProcess, startCli, type CliResult, type StagedCli } from './helpers.js'
import { joined } from '../helpers/regex.js'

/**
 * `posthog-project pull|plan|apply|copy` against the fake (two projects) over a socket: the command line run in
 * this process (what main.ts runs, in the test's folder), and the built command spawned for Ctrl-C.
 */
describe('configuration commands', () => {
  let cli: StagedCli
  let fake: FakeApi
  let server: FakeServer
  let work: string
  const secretVariable = 'POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN'
  const secret = hogFunctions.webhook.inputs!.api_token!.value as string
  const run = async (args: string[], env: Record<string, string> = {}): Promise<CliResult> => {
    // The commands read and write DIR relative to the working folder, as they do run from a shell.
    const before = process.cwd()
    process.chdir(work)
    try {
      return await runInProcess(args, { env: { ...fakeEnv(fake, server.url), ...env } })
    } finally {
      process.chdir(before)
    }
  }
  const writes = (from: number) => fake.requests.slice(from).filter((request) => request.method !== 'GET')
  const client = (projectId: number) => new ProjectClient({ ...fake.clientOptions(server.url), projectId })
  /** The first line of a text plan: the project and host it was made against, then the counts. */
  const planLine = (projectId: number, counts: string) =>
    `Plan for project ${projectId} (${client(projectId).baseUrl}): ${counts}.`
  /** A copy's: the target, then the source. */
  const copyLine = (counts: string) =>
    `Plan for project 2 (${client(2).baseUrl}) from project 1 (${client(1).baseUrl}): ${counts}.`

  beforeAll(() => {
    cli = buildCli()
  }, 120_000)
  afterAll(() => cli.remove())
  beforeEach(async () => {
    fake = createFakeApi({ projects: [1, 2] })
    server = await fake.listen()
    work = mkdtempSync(join(tmpdir(), 'phc-config-cli-'))
    const staging = client(1)
    await staging.experiments.create(experiments.minimalCreate)
    await staging.surveys.create(surveys.nps)
    await staging.hogFunctions.create(hogFunctions.webhook)
    await staging.endpoints.create(endpoints.topEvents)
    return async () => {
      await server.close()
      rmSync(work, { recursive: true, force: true })
    }
  })

  it(
    'pull writes the files; plan is empty (exit 0, also with ' + '--detailed-exitcode); a hand edit makes exit 2',
    async () => {
      const pulled = await run(['pull', '--kind', 'experiments,surveys,hog-functions,endpoints'])
      expect(pulled).toMatchObject({ code: 0, stdout: 'Pulled 4 specs into posthog\n', stderr: '' })
      expect(readdirSync(join(work, 'posthog')).sort()).toEqual([
        '.schemas',
        'endpoints',
        'experiments',
        'hog-functions',
        'surveys',
      ])
      expect(readFileSync(join(work, 'posthog', 'hog-functions', 'Order-webhook.yaml'), 'utf8')).not.toContain(secret)
      const from = fake.requests.length
      expect(await run(['plan', '--detailed-exitcode'])).toMatchObject({
        code: 0,
        stdout: `${planLine(1, '0 to create, 0 to update, 0 to delete, 4 unchanged')}\n`,
      })
      const file = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
      writeFileSync(file, readFileSync(file, 'utf8').replace('description: Quarterly NPS', 'description: Yearly NPS'))
      const edited = await run(['plan', '--detailed-exitcode'])
      expect(edited.code).toBe(2)
      expect(edited.stdout).toContain('~ surveys "NPS Q4" (update, id ')
      expect(edited.stdout).toContain('    description: "Quarterly NPS" → "Yearly NPS"')
      const markdown = await run(['plan', '--format', 'markdown'])
      expect(markdown).toMatchObject({ code: 0 })
      expect(markdown.stdout).toContain(
        `### PostHog plan for project 1 (${client(1).baseUrl}): 0 to create, 1 to update, 0 to delete, 3 unchanged`,
      )
      expect(markdown.stdout).toContain(
        '| <code>description</code> | <code>"Quarterly NPS"</code> | <code>"Yearly NPS"</code> |',
      )
      const json = JSON.parse((await run(['plan', '--format', 'json'])).stdout)
      expect(json.changes.find((change: { action: string }) => change.action === 'update').fields).toEqual([
        { path: 'description', before: 'Quarterly NPS', after: 'Yearly NPS' },
      ])
      expect(writes(from)).toEqual([])
    },
  )

  it(
    'apply needs --yes without a terminal (exit 2, nothing sent); ' + 'with it, applies, and the plan is empty after',
    async () => {
      await run(['pull'])
      const file = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
      writeFileSync(file, readFileSync(file, 'utf8').replace('description: Quarterly NPS', 'description: Yearly NPS'))
      const from = fake.requests.length
      const refused = await run(['apply'])
      expect(refused.code).toBe(2)
      expect(refused.stderr).toBe('posthog-project: apply needs --yes without a terminal; nothing was sent\n')
      expect(writes(from)).toEqual([])
      const applied = await run(['apply', '--yes'])
      expect(applied).toMatchObject({ code: 0, stderr: '' })
      expect(applied.stdout).toContain('Applied 1, failed 0, skipped 0.')
      expect(writes(from).map((request) => `${request.method} ${request.path}`)).toEqual([
        expect.stringMatching(/^PATCH \/api\/projects\/1\/surveys\/.+\/$/),
      ])
      expect(await run(['apply'])).toMatchObject({ code: 0, stderr: '' })
    },
  )

  it('Ctrl-C during apply: the write in flight is aborted, the report so far is printed, exit 130', async () => {
    await run(['pull', '--kind', 'surveys,experiments'])
    const survey = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
    writeFileSync(
      survey,
      readFileSync(survey, 'utf8').replace('description: Quarterly NPS', 'description: Interrupted'),
    )
    const experiment = join(work, 'posthog', 'experiments', 'pricing-copy.yaml')
    // pull writes the field the service has none of as `null` (drift shows): the edit replaces it.
    writeFileSync(experiment, readFileSync(experiment, 'utf8').replace('description: null', 'description: Interrupted'))
    fake.faults.hangNext(1, { method: 'PATCH' })
    const from = fake.requests.length
    const child = startCli(cli.bin, ['apply', '--yes'], { cwd: work, env: fakeEnv(fake, server.url) })
    const done = finished(child)
    await vi.waitFor(() => expect(writes(from)).toHaveLength(1), { timeout: 10_000, interval: 20 })
    child.kill('SIGINT')
    const result = await done
    expect(result.code).toBe(130)
    expect(result.stdout).toContain('Applied 0, failed 1, skipped 1.')
    expect(result.stderr).toContain('interrupted: the skipped changes were not sent')
    expect(writes(from)).toHaveLength(1)
  })

  it('a bad file: every problem with file and line, exit 1, nothing sent', async () => {
    await run(['pull', '--kind', 'surveys'])
    const file = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('type: popover', 'type: popup').replace('schedule:', 'shedule:'),
    )
    const from = fake.requests.length
    const result = await run(['plan'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^posthog-project: 2 problems in posthog; nothing was sent\n/)
    expect(result.stderr).toMatch(/posthog\/surveys\/NPS-Q4\.yaml:\d+ type: expected one of .*got "popup"/)
    expect(result.stderr).toMatch(
      /posthog\/surveys\/NPS-Q4\.yaml:\d+ shedule: unknown field; did you mean "schedule"\?/,
    )
    expect(fake.requests.length).toBe(from)
  })

  it(
    'copy --to-project: a dry run sends nothing; then the target has the setup, the secret from its variable, ' +
      'and a second copy changes nothing',
    async () => {
      const from = fake.requests.length
      const dry = await run(['copy', '--to-project', '2', '--dry-run'], { [secretVariable]: secret })
      expect(dry).toMatchObject({ code: 0, stderr: '' })
      expect(dry.stdout).toContain(copyLine('5 to create, 0 to update, 0 to delete, 0 unchanged'))
      expect(dry.stdout).toContain('+ feature-flags "pricing-copy" (create)')
      expect(dry.stdout).toContain('(dry run: nothing was sent)')
      expect(writes(from)).toEqual([])
      const missing = await run(['copy', '--to-project', '2', '--yes'])
      expect(missing.code).toBe(1)
      expect(missing.stdout).toContain(
        `Error: hog-functions "Order webhook": inputs.api_token: environment variable ${secretVariable} is not set`,
      )
      // Shown once: in the plan's text; stderr says how many.
      expect(missing.stderr).toContain('posthog-project: the plan has 1 error (shown above); nothing was sent\n')
      expect(missing.stderr).not.toContain('is not set')
      expect(writes(from)).toEqual([])
      const copied = await run(['copy', '--to-project', '2', '--yes'], { [secretVariable]: secret })
      expect(copied).toMatchObject({ code: 0, stderr: '' })
      expect(copied.stdout + copied.stderr + dry.stdout + missing.stdout + missing.stderr).not.toContain(secret)
      expect(writes(from).every((request) => request.path.startsWith('/api/projects/2/'))).toBe(true)
      const stored = [...fake.stateOf(2).hogFunctions.values()][0]!
      expect(stored.inputs.api_token?.value).toBe(secret)
      const again = await run(['copy', '--to-project', '2', '--yes'])
      expect(again).toMatchObject({ code: 0 })
      expect(again.stdout).toContain(copyLine('0 to create, 0 to update, 0 to delete, 5 unchanged'))
    },
  )

  it(
    '--allow-env lets $env read a variable not named POSTHOG_SECRET_*; --rotate-secrets re-sends the secret; ' +
      'neither value is printed',
    async () => {
      await run(['pull', '--kind', 'hog-functions'])
      const file = join(work, 'posthog', 'hog-functions', 'Order-webhook.yaml')
      writeFileSync(file, readFileSync(file, 'utf8').replace(secretVariable, 'DEPLOY_TOKEN'))
      const rotated = 'rotated-by-the-cli'
      const from = fake.requests.length
      const refused = await run(['plan', '--rotate-secrets'], { DEPLOY_TOKEN: rotated })
      expect(refused.code).toBe(1)
      expect(refused.stdout).toContain(
        'Error: hog-functions "Order webhook": inputs.api_token: $env DEPLOY_TOKEN is not allowed: $env reads ' +
          'only variables named POSTHOG_SECRET_* unless allowed (allowEnv, --allow-env DEPLOY_TOKEN)',
      )
      const planned = await run(
        ['plan', '--rotate-secrets', '--allow-env', 'DEPLOY_TOKEN', '--allow-env', 'OTHER_*', '--format', 'markdown'],
        { DEPLOY_TOKEN: rotated },
      )
      expect(planned).toMatchObject({ code: 0, stderr: '' })
      expect(planned.stdout).toContain('| update (id ')
      expect(planned.stdout).toContain('; reads $DEPLOY&#95;TOKEN |')
      expect(writes(from)).toEqual([])
      const applied = await run(['apply', '--yes', '--rotate-secrets', '--allow-env', 'DEPLOY_TOKEN'], {
        DEPLOY_TOKEN: rotated,
      })
      expect(applied).toMatchObject({ code: 0, stderr: '' })
      expect(applied.stdout).toContain('    reads $DEPLOY_TOKEN\n')
      expect([...fake.stateOf(1).hogFunctions.values()][0]!.inputs.api_token?.value).toBe(rotated)
      expect(refused.stdout + planned.stdout + applied.stdout).not.toContain(rotated)
      expect(await run(['plan', '--allow-env', 'not a name'])).toMatchObject({ code: 2 })
      expect((await run(['copy', '--to-project', '2', '--rotate-secrets'])).stderr).toContain('--rotate-secrets')
    },
  )

  it('copy leaves lifecycle fields behind and reports ids of the source project instead of sending them', async () => {
    const staging = client(1)
    await staging.experiments.create(experiments.actionExposureCreate)
    const running = await staging.experiments.create({
      name: 'Running',
      feature_flag_key: 'running',
      start_date: '2026-11-01T00:00:00Z',
    })
    const result = await run(['copy', '--to-project', '2', '--kind', 'experiments', '--yes'])
    expect(result).toMatchObject({ code: 0 })
    expect(result.stdout).toContain(
      'Warning: experiments "onboarding-checklist": not copied: it names objects of the source project by id ' +
        '(exposure_criteria.exposure_config.id action 12)',
    )
    const copied = (
      await client(2)
        .experiments.list()
        .then((page) => page.results)
    ).map((experiment) => [experiment.feature_flag_key, experiment.start_date])
    expect(copied.sort()).toEqual([
      ['pricing-copy', null],
      ['running', null],
    ])
    expect(Date.parse(running.start_date!)).toBe(Date.parse('2026-11-01T00:00:00Z'))
  })

  /** Edits a pulled file: a string replaced. */
  const edit = (relative: string, from: string, to: string) => {
    const file = join(work, 'posthog', relative)
    writeFileSync(file, readFileSync(file, 'utf8').replace(from, to))
  }

  it('--detailed-exitcode: 2 only for changes; every failure, usage errors included, is 1', async () => {
    await run(['pull', '--kind', 'surveys,experiments'])
    expect((await run(['plan', '--detailed-exitcode'])).code).toBe(0)
    edit('surveys/NPS-Q4.yaml', 'description: Quarterly NPS', 'description: Yearly NPS')
    expect((await run(['plan', '--detailed-exitcode'])).code).toBe(2)
    const mistyped = await run(['plan', '--fromat', 'markdown', '--detailed-exitcode'])
    expect(mistyped).toMatchObject({ code: 1, stdout: '' })
    expect(mistyped.stderr).toBe(
      'posthog-project: Invalid argument `--fromat`: unknown flag of plan; did you mean --format? (its flags: ' +
        '--kind, --key, --prune, --format, --detailed-exitcode, --out, --allow-env, --rotate-secrets; see plan ' +
        '--help)\n',
    )
    expect((await run(['plan', '--detailed-exitcode', '--format', 'yaml'])).code).toBe(1)
    expect((await run(['plan', '--detailed-exitcode'], { POSTHOG_PERSONAL_API_KEY: '' })).code).toBe(1)
    expect((await run(['plan', '--detailed-exitcode', '--key', 'nothing-by-this-key'])).code).toBe(1)
    fake.faults.hangNext(1, { operation: 'surveys.list' })
    expect((await run(['plan', '--detailed-exitcode', '--timeout', '300', '--max-retries', '0'])).code).toBe(1)
    edit('surveys/NPS-Q4.yaml', 'type: popover', 'type: popup')
    expect((await run(['plan', '--detailed-exitcode'])).code).toBe(1)
    // Without the flag, a usage error keeps its own code.
    expect((await run(['plan', '--fromat', 'markdown'])).code).toBe(2)
  }, 120_000)

  it('file problems and plan errors go to stderr; with --format markdown into the markdown too', async () => {
    await run(['pull'])
    edit('surveys/NPS-Q4.yaml', 'schedule:', 'shedule:')
    const problem = await run(['plan', '--format', 'markdown'])
    expect(problem.code).toBe(1)
    expect(problem.stderr).toMatch(
      joined(
        /^posthog-project: 1 problem in posthog; nothing was sent\n  posthog\/surveys\/NPS-Q4\.yaml:\d+ shedule: /,
        /unknown field; did you mean "schedule"\?\n$/,
      ),
    )
    expect(problem.stdout).toMatch(
      joined(
        /^### PostHog plan: 1 problem in posthog; nothing was sent\n\n- posthog\/surveys\/NPS-Q4\.yaml:\d+ shedule: /,
        /unknown field; did you mean &#34;schedule&#34;\?|^### PostHog plan: 1 problem in posthog; nothing was /,
        /sent\n\n- posthog\/surveys\/NPS-Q4\.yaml:\d+ shedule: unknown field; did you mean "schedule"\?/,
      ),
    )
    expect((await run(['plan'])).stdout).toBe('')
    edit('surveys/NPS-Q4.yaml', 'shedule:', 'schedule:')
    // A plan error: the secret's variable is unset and the function is new in project 2.
    const error = await run(['plan', '--project', '2', '--kind', 'hog-functions', '--format', 'markdown'])
    expect(error.code).toBe(1)
    expect(error.stderr).toBe(
      `posthog-project: error: hog-functions "Order webhook": inputs.api_token: environment variable ` +
        `${secretVariable} is not set\nposthog-project: the plan has 1 error; nothing was sent\n`,
    )
    expect(error.stdout).toContain('**Errors**')
    // The markdown makes every key and message inert (character references: docs in src/config/format.ts).
    expect(error.stdout).toContain(
      `- hog-functions <code>Order webhook</code>: inputs.api&#95;token: environment variable ` +
        `${secretVariable.replaceAll('_', '&#95;')} is not set`,
    )
  }, 120_000)

  it(
    '--kind and --key narrow plan, apply and copy; a --key that ' + 'matches nothing is exit 1 naming it, nothing sent',
    async () => {
      await run(['pull'])
      edit('surveys/NPS-Q4.yaml', 'description: Quarterly NPS', 'description: Yearly NPS')
      const experiment = join(work, 'posthog', 'experiments', 'pricing-copy.yaml')
      const pulled = readFileSync(experiment, 'utf8')
      writeFileSync(
        experiment,
        /^description:.*$/m.test(pulled)
          ? pulled.replace(/^description:.*$/m, 'description: Narrowed')
          : `${pulled}description: Narrowed\n`,
      )
      const all = await run(['plan'])
      expect(all.stdout).toContain(planLine(1, '0 to create, 2 to update, 0 to delete, 3 unchanged'))
      const bySurvey = await run(['plan', '--key', 'NPS Q4'])
      expect(bySurvey).toMatchObject({ code: 0, stderr: '' })
      expect(bySurvey.stdout).toContain(planLine(1, '0 to create, 1 to update, 0 to delete, 0 unchanged'))
      expect(bySurvey.stdout).toContain('~ surveys "NPS Q4"')
      const byKind = await run(['plan', '--kind', 'experiments', '--format', 'json'])
      expect(
        (JSON.parse(byKind.stdout) as { changes: Array<{ kind: string }> }).changes.map((change) => change.kind),
      ).toEqual(['experiments'])
      // --prune with --key deletes nothing else of the kind.
      await client(1).surveys.create({ name: 'Made by hand', type: 'popover' })
      const pruned = await run(['plan', '--prune', '--key', 'NPS Q4', '--format', 'json'])
      expect((JSON.parse(pruned.stdout) as { changes: Array<{ key: string; action: string }> }).changes).toEqual([
        expect.objectContaining({ key: 'NPS Q4', action: 'update' }),
      ])
      const from = fake.requests.length
      const typo = await run(['apply', '--key', 'NPS Q4', '--key', 'pricing-cpoy', '--yes'])
      expect(typo).toMatchObject({ code: 1, stdout: '' })
      expect(typo.stderr).toBe(
        'posthog-project: --key "pricing-cpoy" matches no spec and no live resource of the kinds selected; ' +
          'nothing was sent\n',
      )
      expect(writes(from)).toEqual([])
      const wrongKind = await run(['plan', '--kind', 'surveys', '--key', 'pricing-copy'])
      expect(wrongKind.code).toBe(1)
      expect(wrongKind.stderr).toContain('--key "pricing-copy" matches no spec')
      const applied = await run(['apply', '--key', 'NPS Q4', '--yes'])
      expect(applied).toMatchObject({ code: 0, stderr: '' })
      expect(writes(from).map((request) => request.method)).toEqual(['PATCH'])
      expect((await run(['plan', '--format', 'json'])).stdout).toContain('"key": "pricing-copy"')
      const copyTypo = await run(['copy', '--to-project', '2', '--key', 'NPS Q5', '--yes'])
      expect(copyTypo.code).toBe(1)
      expect(copyTypo.stderr).toMatch(
        /^posthog-project: --key "NPS Q5" matched nothing in project 1 \(kinds .*\); nothing was sent\n$/,
      )
      expect(writes(from).filter((request) => request.path.startsWith('/api/projects/2/'))).toEqual([])
      const copied = await run(['copy', '--to-project', '2', '--kind', 'surveys', '--key', 'NPS Q4', '--yes'])
      expect(copied).toMatchObject({ code: 0 })
      expect([...fake.stateOf(2).surveys.values()].map((survey) => survey.name)).toEqual(['NPS Q4'])
    },
    120_000,
  )

  it('apply --format json prints only the report on stdout; --dry-run sends nothing', async () => {
    await run(['pull'])
    edit('surveys/NPS-Q4.yaml', 'description: Quarterly NPS', 'description: Yearly NPS')
    const from = fake.requests.length
    const dry = await run(['apply', '--dry-run'])
    expect(dry).toMatchObject({ code: 0, stderr: '' })
    expect(dry.stdout).toContain('~ surveys "NPS Q4"')
    expect(dry.stdout).toContain('(dry run: nothing was sent)')
    expect(writes(from)).toEqual([])
    const json = await run(['apply', '--format', 'json', '--yes'])
    expect(json.code).toBe(0)
    const report = JSON.parse(json.stdout) as {
      applied: number
      failed: number
      skipped: number
      aborted: boolean
      results: Array<{ change: { kind: string; key: string }; status: string }>
    }
    expect(report).toMatchObject({ applied: 1, failed: 0, skipped: 0, aborted: false })
    expect(report.results).toEqual([
      { change: expect.objectContaining({ kind: 'surveys', key: 'NPS Q4', action: 'update' }), status: 'applied' },
    ])
    // The plan went to stderr, for the log.
    expect(json.stderr).toContain('~ surveys "NPS Q4"')
    const nothing = await run(['apply', '--format', 'json', '--yes'])
    expect(JSON.parse(nothing.stdout)).toEqual({ applied: 0, failed: 0, skipped: 0, aborted: false, results: [] })
    const failing = await run(['apply', '--format', 'markdown'])
    expect(failing.code).toBe(2)
    expect(failing.stderr).toBe('posthog-project: Invalid argument `--format`: expected text, json, got "markdown"\n')
  }, 120_000)

  it('kinds are named as their folders in text and markdown; JSON keeps the library names', async () => {
    await run(['pull', '--kind', 'hog-functions'])
    edit(
      'hog-functions/Order-webhook.yaml',
      'description: Posts every order to the fulfilment service',
      'description: Posts every order',
    )
    const text = await run(['plan'])
    expect(text.stdout).toContain('~ hog-functions "Order webhook" (update, id ')
    expect(text.stdout).not.toContain('hogFunctions')
    const markdown = await run(['plan', '--format', 'markdown'])
    expect(markdown.stdout).toContain('| ~ | hog-functions | Order webhook | update')
    expect(markdown.stdout).not.toContain('hogFunctions')
    expect(JSON.parse((await run(['plan', '--format', 'json'])).stdout).changes[0].kind).toBe('hogFunctions')
    expect((await run(['plan', '--kind', 'hogFunctions'])).code).toBe(0)
  }, 120_000)

  it('--timeout and --max-retries: a hung service ends the command (exit 3), as do the SDK commands', async () => {
    await run(['pull'])
    for (const args of [['pull'], ['plan'], ['apply', '--yes'], ['copy', '--to-project', '2', '--yes']]) {
      fake.faults.hangNext(1, { method: 'GET' })
      const before = fake.requests.length
      const result = await run([...args, '--timeout', '300', '--max-retries', '0'])
      expect(result.code, args[0]).toBe(3)
      expect(result.stderr, args[0]).toMatch(
        /^posthog-project: TimeoutError: GET .* timed out after 300 ms per attempt\n$/,
      )
      expect(
        fake.requests.slice(before).filter((request) => request.fault === 'hang'),
        args[0],
      ).toHaveLength(1)
    }
    expect((await run(['pull', '--max-retries', 'many'])).stderr).toMatch(
      /^posthog-project: Invalid argument `--max-retries`: /,
    )
    expect((await run(['pull', '--project', 'abc'])).stderr).toMatch(/^posthog-project: Invalid argument `--project`: /)
  }, 120_000)

  it(
    'plan or apply of a missing, mistyped or empty folder: exit ' + '1, "no configuration in DIR", never "no drift"',
    async () => {
      const from = fake.requests.length
      for (const args of [
        ['plan', 'posthgo', '--detailed-exitcode'],
        ['apply', 'posthgo', '--yes'],
      ]) {
        const result = await run(args)
        expect(result.code).toBe(1)
        expect(result.stderr).toContain('no configuration in posthgo')
        expect(result.stdout).toBe('')
      }
      mkdirSync(join(work, 'empty', 'surveys'), { recursive: true })
      writeFileSync(join(work, 'empty', 'surveys', '.gitkeep'), '')
      const empty = await run(['plan', 'empty'])
      expect(empty).toMatchObject({ code: 1, stdout: '' })
      expect(empty.stderr).toContain(
        'posthog-project: no configuration in empty: no spec file in its experiments/, surveys/, hog-functions/, ' +
          'endpoints/, event-definitions/, feature-flags/, cohorts/, actions/, holdouts/, saved-metrics/, ' +
          'early-access-features/, insights/, dashboards/ folders; nothing was sent',
      )
      expect(fake.requests.length).toBe(from)
    },
  )

  it(
    'pull of two hog functions with one name and of an archived v1 beside a running v2: the rest is written, the ' +
      'shared name reported (exit 1)',
    async () => {
      const staging = client(1)
      await staging.hogFunctions.create({ type: 'destination', name: 'Twin', hog: 'print(1)' })
      await staging.hogFunctions.create({ type: 'destination', name: 'Twin', hog: 'print(2)' })
      const v1 = await staging.experiments.create({ name: 'Checkout v1', feature_flag_key: 'checkout-flow' })
      await staging.experiments.archive(v1.id)
      const v2 = await staging.experiments.create({ name: 'Checkout v2', feature_flag_key: 'checkout-flow' })
      const pulled = await run(['pull'])
      expect(pulled.code).toBe(1)
      expect(pulled.stderr).toContain(
        `warning: experiments "checkout-flow": 2 experiments share this feature_flag_key: the one managed is id ` +
          `${v2.id} (not archived); id ${v1.id} (archived) left alone`,
      )
      expect(pulled.stderr).toContain('posthog-project: 1 problem writing posthog')
      expect(pulled.stderr).toContain(
        '2 resources share the name "Twin": none of them written (an existing file is kept); rename all but one',
      )
      expect(readdirSync(join(work, 'posthog')).sort()).toEqual([
        '.schemas',
        'actions',
        'cohorts',
        'dashboards',
        'early-access-features',
        'endpoints',
        'event-definitions',
        'experiments',
        'feature-flags',
        'hog-functions',
        'holdouts',
        'insights',
        'saved-metrics',
        'surveys',
      ])
      expect(readdirSync(join(work, 'posthog', 'hog-functions'))).toEqual(['Order-webhook.yaml'])
      expect(readdirSync(join(work, 'posthog', 'experiments')).sort()).toEqual([
        'checkout-flow.yaml',
        'pricing-copy.yaml',
      ])
      expect(readFileSync(join(work, 'posthog', 'experiments', 'checkout-flow.yaml'), 'utf8')).toContain(
        'name: Checkout v2',
      )
    },
  )

  it(
    'plan --out saves the reviewed plan (no secret in it); apply FILE applies exactly it, once the project is as ' +
      'planned',
    async () => {
      await run(['pull', '--kind', 'surveys,hog-functions'])
      const survey = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
      writeFileSync(
        survey,
        readFileSync(survey, 'utf8').replace('description: Quarterly NPS', 'description: Reviewed NPS'),
      )
      const planned = await run(['plan', '--out', 'reviewed.plan.json', '--detailed-exitcode'], {
        [secretVariable]: secret,
      })
      expect(planned).toMatchObject({ code: 2, stderr: '' })
      expect(planned.stdout).toContain(planLine(1, '0 to create, 1 to update, 0 to delete, 1 unchanged'))
      const saved = readFileSync(join(work, 'reviewed.plan.json'), 'utf8')
      expect(saved).not.toContain(secret)
      // The files change after the review: apply FILE applies what was reviewed, not the folder.
      writeFileSync(
        survey,
        readFileSync(survey, 'utf8').replace('description: Reviewed NPS', 'description: Unreviewed'),
      )
      const from = fake.requests.length
      // A saved plan is applied whole, as reviewed: no narrowing.
      expect(await run(['apply', 'reviewed.plan.json', '--key', 'NPS Q4', '--yes'])).toMatchObject({
        code: 2,
        stderr:
          'posthog-project: Invalid argument `--key`: reviewed.plan.json is a saved plan: it is applied whole, ' +
          'as reviewed\n',
      })
      expect(writes(from)).toEqual([])
      const applied = await run(['apply', 'reviewed.plan.json', '--yes'])
      expect(applied).toMatchObject({ code: 0, stderr: '' })
      expect(applied.stdout).toContain('Applied 1, failed 0, skipped 0.')
      expect(writes(from).map((request) => request.body)).toEqual([{ description: 'Reviewed NPS' }])
      expect(await run(['apply', 'reviewed.plan.json', '--yes'])).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          'StalePlanError: the saved plan is stale: surveys "NPS Q4" changed since it was made; nothing was written',
        ),
      })
      writeFileSync(join(work, 'reviewed.plan.json'), saved.replace('Reviewed NPS', 'Forged NPS'))
      const forged = await run(['apply', 'reviewed.plan.json', '--yes'])
      expect(forged.code).toBe(1)
      expect(forged.stderr).toContain('checksum: the file was changed after it was written')
      expect(writes(from)).toHaveLength(1)
    },
  )

  it('usage mistakes are exit 2 before anything is sent', async () => {
    expect(await run(['copy'])).toMatchObject({
      code: 2,
      stderr: 'posthog-project: Invalid argument `--to-project`: required: the id of the project to copy to\n',
    })
    expect((await run(['plan', '--format', 'yaml'])).code).toBe(2)
    expect((await run(['pull', '--kind', 'widgets'])).stderr).toContain('unknown kind "widgets"')
    expect((await run(['pull', '--prune'])).stderr).toContain('Invalid argument `--prune`: not a flag of pull')
    expect((await run(['plan', '--help'])).stdout).toMatch(/^Usage: posthog-project plan \[DIR\]/)
    expect(existsSync(join(work, 'posthog'))).toBe(false)
  })
})
