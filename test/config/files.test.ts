import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ConfigError, plan, pull, readConfig, writeConfig } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { createFixtures, STAGING } from './setup.js'
import { joined } from '../helpers/regex.js'

/** writeConfig and readConfig: one reviewable YAML file per spec; every problem of every file, with file and line. */
describe('configuration files', () => {
  const e2e = useE2E({ projects: [STAGING] }, 'test')
  const folders: string[] = []
  const project = () => {
    const root = mkdtempSync(join(tmpdir(), 'posthog-config-'))
    folders.push(root)
    return { root, dir: join(root, 'posthog') }
  }
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })

  it('pull → writeConfig → readConfig gives the same specs, and the plan is empty', async () => {
    const client = e2e.client()
    await createFixtures(client)
    const { dir } = project()
    const pulled = await pull(client)
    await writeConfig(dir, pulled)
    expect(readdirSync(join(dir, 'experiments')).sort()).toEqual([
      'checkout-button-colour.yaml',
      'onboarding-checklist.yaml',
      'pricing-copy.yaml',
    ])
    expect(readdirSync(join(dir, 'hog-functions')).sort()).toEqual([
      'Order-webhook.yaml',
      'Slack-alerts.yaml',
      'Sync-person-properties.yaml',
    ])
    expect(readdirSync(dir).sort()).toEqual([
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
    const read = await readConfig(dir)
    const nameOf = (spec: unknown) => String((spec as { name?: unknown }).name)
    const sorted = (specs: readonly unknown[] = []) => [...specs].sort((a, b) => nameOf(a).localeCompare(nameOf(b)))
    for (const kind of Object.keys(pulled) as Array<keyof typeof pulled>)
      expect(sorted(read[kind]), kind).toEqual(sorted(pulled[kind]))
    const changes = await plan(client, read, { env: {} })
    expect(changes.changes.filter((change) => change.action !== 'unchanged')).toEqual([])
  })

  it(
    'files people review: the schema line, code and HogQL as block scalars, date-like strings quoted, stable ' +
      'bytes',
    async () => {
      const client = e2e.client()
      await createFixtures(client)
      const { dir } = project()
      const pulled = await pull(client)
      await writeConfig(dir, pulled)
      const endpointFile = join(dir, 'endpoints', 'top_events.yaml')
      const text = readFileSync(endpointFile, 'utf8')
      const [first] = text.split('\n')
      // The schema written beside the kinds' folders: it resolves wherever the folder is
      // (test/config/pulled-files.test.ts).
      expect(first).toBe('# yaml-language-server: $schema=../.schemas/config.endpoints.json')
      expect(existsSync(resolve(dirname(endpointFile), first!.split('$schema=')[1]!))).toBe(true)
      expect(text).toMatch(/^ {2}query: \|-?\n {4}select event, count\(\) as c from events/m)
      expect(text).toContain('value: "2026-10-01"')
      expect(parse(text, { version: '1.1' }).query.variables['0190e1a2-0000-7000-8000-000000000001'].value).toBe(
        '2026-10-01',
      )
      const hog = readFileSync(join(dir, 'hog-functions', 'Order-webhook.yaml'), 'utf8')
      expect(hog).toContain(
        "hog: |-\n  let res := fetch(inputs.url, {'method': inputs.method, 'body': inputs.body});\n  if " +
          '(inputs.debug) { print(res.status) }\n',
      )
      expect(hog).toContain('api_token:\n    value:\n      $env: POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN')
      expect(text.split('\n')[1]).toBe('name: top_events')
      const shuffled = {
        ...pulled,
        endpoints: pulled.endpoints!.map((spec) =>
          Object.fromEntries(Object.entries(spec).reverse()),
        ) as typeof pulled.endpoints,
      }
      await writeConfig(dir, shuffled)
      expect(readFileSync(endpointFile, 'utf8')).toBe(text)
    },
  )

  it('removes the files of a written kind that no longer match a spec, and leaves other kinds alone', async () => {
    const { dir } = project()
    const survey = { name: 'Kept', type: 'api' as const, questions: [{ type: 'open' as const, question: 'Why?' }] }
    await writeConfig(dir, {
      surveys: [survey, { ...survey, name: 'Gone' }],
      endpoints: [{ name: 'e', query: { kind: 'HogQLQuery', query: 'select 1' } }],
    })
    writeFileSync(join(dir, 'surveys', 'notes.md'), 'not a spec')
    await writeConfig(dir, { surveys: [survey] })
    expect(readdirSync(join(dir, 'surveys')).sort()).toEqual(['Kept.yaml', 'notes.md'])
    expect(readdirSync(join(dir, 'endpoints'))).toEqual(['e.yaml'])
    // Kept, but not read as nothing: a file that is not a spec in a kind's folder is a problem (the next test).
    rmSync(join(dir, 'surveys', 'notes.md'))
    expect(Object.keys(await readConfig(dir)).sort()).toEqual(['endpoints', 'surveys'])
  })

  it(
    "a folder that is not a kind's, and a file that is not a spec in a kind's folder, are problems naming the " +
      'nearest folder; dotfiles are not',
    async () => {
      const { dir } = project()
      const flag = { key: 'beta', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } }
      await writeConfig(dir, { featureFlags: [flag] })
      mkdirSync(join(dir, 'feature_flags'))
      writeFileSync(join(dir, 'feature_flags', 'gamma.yaml'), 'key: gamma\n')
      mkdirSync(join(dir, 'notes'))
      mkdirSync(join(dir, 'feature-flags', 'old'))
      writeFileSync(join(dir, 'feature-flags', 'notes.txt'), 'why beta')
      // Dotfiles and dot-folders, and files at the root, are not the configuration's.
      mkdirSync(join(dir, '.git'))
      writeFileSync(join(dir, 'feature-flags', '.DS_Store'), '')
      writeFileSync(join(dir, 'README.md'), '# flags')
      const error = await readConfig(dir).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ConfigError)
      expect(
        (error as ConfigError).problems.map(({ file, message }) => `${file.slice(dir.length + 1)}: ${message}`),
      ).toEqual([
        'feature-flags/notes.txt: not a spec file: feature-flags/ holds only specs (.yaml, .yml, .json); move it ' +
          'out of the configuration folder',
        'feature-flags/old: not a spec file: feature-flags/ holds only specs (.yaml, .yml, .json); move it out ' +
          'of the configuration folder',
        'feature_flags: not the folder of a kind, so nothing in it is read: did you mean feature-flags/?',
        expect.stringMatching(
          joined(
            /^notes: not the folder of a kind, so nothing in it is read: the kinds' folders are actions\/, cohorts\/, /,
            /.*experiments\/, early-access-features\/, insights\/, dashboards\/$/,
          ),
        ),
      ])
      for (const stray of ['feature_flags', 'notes', join('feature-flags', 'old'), join('feature-flags', 'notes.txt')])
        rmSync(join(dir, stray), { recursive: true })
      expect(await readConfig(dir)).toEqual({ featureFlags: [flag] })
    },
  )

  it('two keys that make the same file name get a hash each', async () => {
    const { dir } = project()
    const survey = { type: 'api' as const, questions: [{ type: 'open' as const, question: 'Why?' }] }
    await writeConfig(dir, {
      surveys: [
        { ...survey, name: 'A b' },
        { ...survey, name: 'A/b' },
      ],
    })
    const names = readdirSync(join(dir, 'surveys')).sort()
    expect(names).toHaveLength(2)
    expect(names.every((name) => /^A-b-[0-9a-f]{6}\.yaml$/.test(name))).toBe(true)
    expect((await readConfig(dir)).surveys!.map((spec) => spec.name).sort()).toEqual(['A b', 'A/b'])
  })

  it('a bad file is refused with every problem: file, line and field path, YAML and JSON alike', async () => {
    const { dir } = project()
    mkdirSync(join(dir, 'experiments'), { recursive: true })
    mkdirSync(join(dir, 'surveys'), { recursive: true })
    const experiments = join(dir, 'experiments')
    writeFileSync(
      join(experiments, 'a.yaml'),
      [
        'name: A',
        'feature_flag_key: a',
        'metrics:',
        '  - kind: ExperimentMetric',
        '    metric_type: median',
        '    source: { kind: EventsNode, event: x }',
        'descripton: typo',
        '',
      ].join('\n'),
    )
    writeFileSync(join(experiments, 'b.json'), '{\n  "name": "B",\n  "feature_flag_key": "a"\n}\n')
    writeFileSync(join(experiments, 'c.json'), '{\n  "name": "C",\n  "feature_flag_key": "c",\n}\n')
    writeFileSync(join(dir, 'surveys', 'd.yml'), 'name: D\ntype: api\nquestions: [\n')
    writeFileSync(join(dir, 'surveys', 'e.yaml'), '- not a mapping\n')
    const error = await readConfig(dir).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.map(({ file, ...rest }) => ({
      file: file.slice(dir.length + 1),
      ...rest,
    }))
    expect(problems).toEqual([
      {
        file: 'experiments/a.yaml',
        line: 5,
        path: 'metrics[0].metric_type',
        message: expect.stringContaining('got "median"'),
      },
      {
        file: 'experiments/a.yaml',
        line: 7,
        path: 'descripton',
        message: 'unknown field; did you mean "description"?',
      },
      {
        file: 'experiments/b.json',
        line: 3,
        path: 'feature_flag_key',
        message: 'the same feature_flag_key as ' + join(dir, 'experiments', 'a.yaml'),
      },
      { file: 'experiments/c.json', line: 4, path: '', message: expect.stringContaining('not valid JSON') },
      { file: 'surveys/d.yml', line: expect.any(Number), path: '', message: expect.any(String) },
      { file: 'surveys/e.yaml', line: 1, path: '', message: 'expected one spec (a mapping of fields) in the file' },
    ])
    expect((error as ConfigError).message).toContain(
      'experiments/a.yaml:7 descripton: unknown field; did you mean "description"?',
    )
  })
})
