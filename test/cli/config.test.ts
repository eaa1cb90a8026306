import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProjectClient } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import * as endpoints from '../types/endpoints-payloads.js'
import * as experiments from '../types/experiments-payloads.js'
import * as hogFunctions from '../types/hog-functions-payloads.js'
import * as surveys from '../types/surveys-payloads.js'
import { buildCli, fakeEnv, finished, runCli, startCli, type StagedCli } from './helpers.js'

/** `posthog-project pull|plan|apply|copy`, the built command against the fake (two projects) over a socket. */
describe('configuration commands', () => {
  let cli: StagedCli
  let fake: FakeApi
  let server: FakeServer
  let work: string
  const secretVariable = 'POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN'
  const secret = hogFunctions.webhook.inputs!.api_token!.value as string
  const run = (args: string[], env: Record<string, string> = {}) => runCli(cli.bin, args, { cwd: work, env: { ...fakeEnv(fake, server.url), ...env } })
  const writes = (from: number) => fake.requests.slice(from).filter((request) => request.method !== 'GET')
  const client = (projectId: number) => new ProjectClient({ ...fake.clientOptions(server.url), projectId })
  /** The first line of a text plan: the project and host it was made against, then the counts. */
  const planLine = (projectId: number, counts: string) => `Plan for project ${projectId} (${client(projectId).baseUrl}): ${counts}.`

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

  it('pull writes the files; plan is empty (exit 0, also with --detailed-exitcode); a hand edit makes exit 2', async () => {
    const pulled = await run(['pull', '--kind', 'experiments,surveys,hog-functions,endpoints'])
    expect(pulled).toMatchObject({ code: 0, stdout: 'Pulled 4 specs into posthog\n', stderr: '' })
    expect(readdirSync(join(work, 'posthog')).sort()).toEqual(['endpoints', 'experiments', 'hog-functions', 'surveys'])
    expect(readFileSync(join(work, 'posthog', 'hog-functions', 'Order-webhook.yaml'), 'utf8')).not.toContain(secret)
    const from = fake.requests.length
    expect(await run(['plan', '--detailed-exitcode'])).toMatchObject({ code: 0, stdout: `${planLine(1, '0 to create, 0 to update, 0 to delete, 4 unchanged')}\n` })
    const file = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('description: Quarterly NPS', 'description: Yearly NPS'))
    const edited = await run(['plan', '--detailed-exitcode'])
    expect(edited.code).toBe(2)
    expect(edited.stdout).toContain('~ surveys "NPS Q4" (update, id ')
    expect(edited.stdout).toContain('    description: "Quarterly NPS" → "Yearly NPS"')
    const markdown = await run(['plan', '--format', 'markdown'])
    expect(markdown).toMatchObject({ code: 0 })
    expect(markdown.stdout).toContain(`### PostHog plan for project 1 (${client(1).baseUrl}): 0 to create, 1 to update, 0 to delete, 3 unchanged`)
    expect(markdown.stdout).toContain('| <code>description</code> | <code>"Quarterly NPS"</code> | <code>"Yearly NPS"</code> |')
    const json = JSON.parse((await run(['plan', '--format', 'json'])).stdout)
    expect(json.changes.find((change: { action: string }) => change.action === 'update').fields).toEqual([{ path: 'description', before: 'Quarterly NPS', after: 'Yearly NPS' }])
    expect(writes(from)).toEqual([])
  })

  it('apply needs --yes without a terminal (exit 2, nothing sent); with it, applies, and the plan is empty after', async () => {
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
    expect(writes(from).map((request) => `${request.method} ${request.path}`)).toEqual([expect.stringMatching(/^PATCH \/api\/projects\/1\/surveys\/.+\/$/)])
    expect(await run(['apply'])).toMatchObject({ code: 0, stderr: '' })
  })

  it('Ctrl-C during apply: the write in flight is aborted, the report so far is printed, exit 130', async () => {
    await run(['pull', '--kind', 'surveys,experiments'])
    const survey = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
    writeFileSync(survey, readFileSync(survey, 'utf8').replace('description: Quarterly NPS', 'description: Interrupted'))
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
    writeFileSync(file, readFileSync(file, 'utf8').replace('type: popover', 'type: popup').replace('schedule:', 'shedule:'))
    const from = fake.requests.length
    const result = await run(['plan'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^posthog-project: 2 problems in posthog; nothing was sent\n/)
    expect(result.stderr).toMatch(/posthog\/surveys\/NPS-Q4\.yaml:\d+ type: expected one of .*got "popup"/)
    expect(result.stderr).toMatch(/posthog\/surveys\/NPS-Q4\.yaml:\d+ shedule: unknown field; did you mean "schedule"\?/)
    expect(fake.requests.length).toBe(from)
  })

  it('copy --to-project: a dry run sends nothing; then the target has the setup, the secret from its variable, and a second copy changes nothing', async () => {
    const from = fake.requests.length
    const dry = await run(['copy', '--to-project', '2', '--dry-run'], { [secretVariable]: secret })
    expect(dry).toMatchObject({ code: 0, stderr: '' })
    expect(dry.stdout).toContain(planLine(2, '5 to create, 0 to update, 0 to delete, 0 unchanged'))
    expect(dry.stdout).toContain('+ featureFlags "pricing-copy" (create)')
    expect(dry.stdout).toContain('(dry run: nothing was sent)')
    expect(writes(from)).toEqual([])
    const missing = await run(['copy', '--to-project', '2', '--yes'])
    expect(missing.code).toBe(1)
    expect(missing.stdout).toContain(`Error: hogFunctions "Order webhook": inputs.api_token: environment variable ${secretVariable} is not set`)
    expect(writes(from)).toEqual([])
    const copied = await run(['copy', '--to-project', '2', '--yes'], { [secretVariable]: secret })
    expect(copied).toMatchObject({ code: 0, stderr: '' })
    expect(copied.stdout + copied.stderr + dry.stdout + missing.stdout + missing.stderr).not.toContain(secret)
    expect(writes(from).every((request) => request.path.startsWith('/api/projects/2/'))).toBe(true)
    const stored = [...fake.stateOf(2).hogFunctions.values()][0]!
    expect(stored.inputs.api_token?.value).toBe(secret)
    const again = await run(['copy', '--to-project', '2', '--yes'])
    expect(again).toMatchObject({ code: 0 })
    expect(again.stdout).toContain(planLine(2, '0 to create, 0 to update, 0 to delete, 5 unchanged'))
  })

  it('--allow-env lets $env read a variable not named POSTHOG_SECRET_*; --rotate-secrets re-sends the secret; neither value is printed', async () => {
    await run(['pull', '--kind', 'hog-functions'])
    const file = join(work, 'posthog', 'hog-functions', 'Order-webhook.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace(secretVariable, 'DEPLOY_TOKEN'))
    const rotated = 'rotated-by-the-cli'
    const from = fake.requests.length
    const refused = await run(['plan', '--rotate-secrets'], { DEPLOY_TOKEN: rotated })
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain('Error: hogFunctions "Order webhook": inputs.api_token: $env DEPLOY_TOKEN is not allowed: $env reads only variables named POSTHOG_SECRET_* unless allowed (allowEnv, --allow-env DEPLOY_TOKEN)')
    const planned = await run(['plan', '--rotate-secrets', '--allow-env', 'DEPLOY_TOKEN', '--allow-env', 'OTHER_*', '--format', 'markdown'], { DEPLOY_TOKEN: rotated })
    expect(planned).toMatchObject({ code: 0, stderr: '' })
    expect(planned.stdout).toContain('| update (id ')
    expect(planned.stdout).toContain('; reads $DEPLOY&#95;TOKEN |')
    expect(writes(from)).toEqual([])
    const applied = await run(['apply', '--yes', '--rotate-secrets', '--allow-env', 'DEPLOY_TOKEN'], { DEPLOY_TOKEN: rotated })
    expect(applied).toMatchObject({ code: 0, stderr: '' })
    expect(applied.stdout).toContain('    reads $DEPLOY_TOKEN\n')
    expect([...fake.stateOf(1).hogFunctions.values()][0]!.inputs.api_token?.value).toBe(rotated)
    expect(refused.stdout + planned.stdout + applied.stdout).not.toContain(rotated)
    expect(await run(['plan', '--allow-env', 'not a name'])).toMatchObject({ code: 2 })
    expect((await run(['copy', '--to-project', '2', '--rotate-secrets'])).stderr).toContain('--rotate-secrets')
  })

  it('copy leaves lifecycle fields behind and reports ids of the source project instead of sending them', async () => {
    const staging = client(1)
    await staging.experiments.create(experiments.actionExposureCreate)
    const running = await staging.experiments.create({ name: 'Running', feature_flag_key: 'running', start_date: '2026-11-01T00:00:00Z' })
    const result = await run(['copy', '--to-project', '2', '--kind', 'experiments', '--yes'])
    expect(result).toMatchObject({ code: 0 })
    expect(result.stdout).toContain('Warning: experiments "onboarding-checklist": not copied: it names objects of the source project by id (exposure_criteria.exposure_config.id action 12)')
    const copied = (await client(2).experiments.list().then((page) => page.results)).map((experiment) => [experiment.feature_flag_key, experiment.start_date])
    expect(copied.sort()).toEqual([['pricing-copy', null], ['running', null]])
    expect(running.start_date).not.toBeNull()
  })

  it('plan or apply of a missing, mistyped or empty folder: exit 1, "no configuration in DIR", never "no drift"', async () => {
    const from = fake.requests.length
    for (const args of [['plan', 'posthgo', '--detailed-exitcode'], ['apply', 'posthgo', '--yes']]) {
      const result = await run(args)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('no configuration in posthgo')
      expect(result.stdout).toBe('')
    }
    mkdirSync(join(work, 'empty', 'surveys'), { recursive: true })
    writeFileSync(join(work, 'empty', 'surveys', 'README.md'), 'not a spec\n')
    const empty = await run(['plan', 'empty'])
    expect(empty).toMatchObject({ code: 1, stdout: '' })
    expect(empty.stderr).toContain('posthog-project: no configuration in empty: no spec file in its experiments/, surveys/, hog-functions/, endpoints/, event-definitions/, feature-flags/, cohorts/, actions/, holdouts/, saved-metrics/ folders; nothing was sent')
    expect(fake.requests.length).toBe(from)
  })

  it('pull of two hog functions with one name and of an archived v1 beside a running v2: the rest is written, the shared name reported (exit 1)', async () => {
    const staging = client(1)
    await staging.hogFunctions.create({ type: 'destination', name: 'Twin', hog: 'print(1)' })
    await staging.hogFunctions.create({ type: 'destination', name: 'Twin', hog: 'print(2)' })
    const v1 = await staging.experiments.create({ name: 'Checkout v1', feature_flag_key: 'checkout-flow' })
    await staging.experiments.archive(v1.id)
    const v2 = await staging.experiments.create({ name: 'Checkout v2', feature_flag_key: 'checkout-flow' })
    const pulled = await run(['pull'])
    expect(pulled.code).toBe(1)
    expect(pulled.stderr).toContain(`warning: experiments "checkout-flow": 2 experiments share this feature_flag_key: the one managed is id ${v2.id} (not archived); id ${v1.id} (archived) left alone`)
    expect(pulled.stderr).toContain('posthog-project: 1 problem writing posthog')
    expect(pulled.stderr).toContain('2 resources share the name "Twin": none of them written (an existing file is kept); rename all but one')
    expect(readdirSync(join(work, 'posthog')).sort()).toEqual(['actions', 'cohorts', 'endpoints', 'event-definitions', 'experiments', 'feature-flags', 'hog-functions', 'holdouts', 'saved-metrics', 'surveys'])
    expect(readdirSync(join(work, 'posthog', 'hog-functions'))).toEqual(['Order-webhook.yaml'])
    expect(readdirSync(join(work, 'posthog', 'experiments')).sort()).toEqual(['checkout-flow.yaml', 'pricing-copy.yaml'])
    expect(readFileSync(join(work, 'posthog', 'experiments', 'checkout-flow.yaml'), 'utf8')).toContain('name: Checkout v2')
  })

  it('plan --out saves the reviewed plan (no secret in it); apply FILE applies exactly it, once the project is as planned', async () => {
    await run(['pull', '--kind', 'surveys,hog-functions'])
    const survey = join(work, 'posthog', 'surveys', 'NPS-Q4.yaml')
    writeFileSync(survey, readFileSync(survey, 'utf8').replace('description: Quarterly NPS', 'description: Reviewed NPS'))
    const planned = await run(['plan', '--out', 'reviewed.plan.json', '--detailed-exitcode'], { [secretVariable]: secret })
    expect(planned).toMatchObject({ code: 2, stderr: '' })
    expect(planned.stdout).toContain(planLine(1, '0 to create, 1 to update, 0 to delete, 1 unchanged'))
    const saved = readFileSync(join(work, 'reviewed.plan.json'), 'utf8')
    expect(saved).not.toContain(secret)
    // The files change after the review: apply FILE applies what was reviewed, not the folder.
    writeFileSync(survey, readFileSync(survey, 'utf8').replace('description: Reviewed NPS', 'description: Unreviewed'))
    const from = fake.requests.length
    const applied = await run(['apply', 'reviewed.plan.json', '--yes'])
    expect(applied).toMatchObject({ code: 0, stderr: '' })
    expect(applied.stdout).toContain('Applied 1, failed 0, skipped 0.')
    expect(writes(from).map((request) => request.body)).toEqual([{ description: 'Reviewed NPS' }])
    expect(await run(['apply', 'reviewed.plan.json', '--yes'])).toMatchObject({ code: 1, stderr: expect.stringContaining('StalePlanError: the saved plan is stale: surveys "NPS Q4" changed since it was made; nothing was written') })
    writeFileSync(join(work, 'reviewed.plan.json'), saved.replace('Reviewed NPS', 'Forged NPS'))
    const forged = await run(['apply', 'reviewed.plan.json', '--yes'])
    expect(forged.code).toBe(1)
    expect(forged.stderr).toContain('checksum: the file was changed after it was written')
    expect(writes(from)).toHaveLength(1)
  })

  it('usage mistakes are exit 2 before anything is sent', async () => {
    expect(await run(['copy'])).toMatchObject({ code: 2, stderr: 'posthog-project: Invalid argument `--to-project`: required: the id of the project to copy to\n' })
    expect((await run(['plan', '--format', 'yaml'])).code).toBe(2)
    expect((await run(['pull', '--kind', 'widgets'])).stderr).toContain('unknown kind "widgets"')
    expect((await run(['pull', '--prune'])).stderr).toContain('Invalid argument `--prune`: not a flag of pull')
    expect((await run(['plan', '--help'])).stdout).toMatch(/^Usage: posthog-project plan \[DIR\]/)
    expect(existsSync(join(work, 'posthog'))).toBe(false)
  })
})
