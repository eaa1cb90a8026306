import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { buildCli, fakeEnv, finished, type StagedCli } from './helpers.js'

/**
 * README's shell recipes, run as written by bash with the built `posthog-project` (`npx -p
 * posthog-project-client posthog-project` stands for it) against the fake over a socket: the nightly export writes
 * every experiment, archived or
 * not, and every survey, each once; the hog functions recipe writes each function in full.
 */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

/** The `sh` block that follows `words` in the README. */
function shellBlock(words: string): string {
  const at = README.indexOf(words)
  if (at === -1) throw new Error(`README.md no longer says "${words}"`)
  const start = README.indexOf('```sh', at)
  return README.slice(README.indexOf('\n', start) + 1, README.indexOf('\n```', start))
}

/**
 * Runs a recipe with bash in the work folder. `jq` stands in as a shell function for `jq -r .id` only
 * (the test machine may not have jq): it prints the `id` of each JSON line.
 */
async function runRecipe(recipe: string): Promise<void> {
  const jq =
    `jq() { [ "$*" = "-r .id" ] || { echo "unexpected jq $*" >&2; return 9; }; "${process.execPath}" -e 'let t = ` +
    `""; process.stdin.on("data", (d) => (t += d)).on("end", () => { for (const l of t.split("\\n")) if (l) ` +
    `console.log(JSON.parse(l).id) })'; }`
  const command = `"${process.execPath}" "${cli.bin}"`
  const script = `${jq}\n${recipe.replaceAll('npx -p posthog-project-client posthog-project', command)}`
  const shell = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: work,
    env: { PATH: process.env.PATH ?? '', ...fakeEnv(fake, server.url) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const result = await finished(shell)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
}

/** The JSON lines of the file written whose name starts with `prefix`. */
function written(prefix: string): Array<Record<string, unknown>> {
  const text = readFileSync(
    join(
      work,
      readdirSync(work).find((name) => name.startsWith(prefix))!,
    ),
    'utf8',
  )
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

let cli: StagedCli
let fake: FakeApi
let server: FakeServer
let work: string

beforeAll(async () => {
  cli = buildCli()
  // Pages of 25: both walks cross pages.
  fake = createFakeApi({ pageSize: 25 })
  server = await fake.listen()
  work = mkdtempSync(join(tmpdir(), 'phc-export-'))
})
afterAll(async () => {
  await server?.close()
  cli?.remove()
  rmSync(work, { recursive: true, force: true })
})

describe('README: the nightly export', () => {
  it('writes every experiment, the archived ones included, and every survey, each once', async () => {
    const live = fake.seed.experiments(60)
    const archived = fake.seed.experiments(
      Array.from({ length: 4 }, (_, index) => ({ name: `Archived ${index}`, archived: true })),
    )
    const surveys = fake.seed.surveys([
      ...Array.from({ length: 30 }, () => ({})),
      { name: 'Old survey', archived: true },
    ])
    fake.seed.surveyResponses(surveys[0]!.id, 3)

    const recipe = shellBlock('A nightly export')
    expect(recipe).toMatch(/^npx -p posthog-project-client posthog-project experiments /m)
    await runRecipe(recipe)

    const experiments = written('experiments-')
    expect(experiments.filter((item) => !item['archived'])).toHaveLength(60)
    expect(experiments.filter((item) => item['archived'])).toHaveLength(4)
    expect(experiments.map((item) => item['id']).sort()).toEqual([...live, ...archived].map((item) => item.id).sort())
    const exportedSurveys = written('surveys-')
    expect(exportedSurveys.map((item) => item['id']).sort()).toEqual(surveys.map((item) => item.id).sort())
    expect(exportedSurveys.filter((item) => item['archived'])).toHaveLength(1)
    expect(
      JSON.parse(
        readFileSync(
          join(
            work,
            readdirSync(work).find((name) => name.startsWith('response-counts-'))!,
          ),
          'utf8',
        ),
      ),
    ).toEqual({ [surveys[0]!.id]: 3 })
  })
})

describe('README: every hog function in full', () => {
  it('writes each function with its inputs, which the list leaves out', async () => {
    const functions = fake.seed.hogFunctions(
      Array.from({ length: 8 }, (_, index) => ({
        name: `Webhook ${index}`,
        inputs_schema: [{ key: 'url', type: 'string', label: 'URL', required: true, secret: false, hidden: false }],
        inputs: { url: { value: `https://example.com/${index}` } },
      })),
    )
    await runRecipe(shellBlock('every hog function in full'))
    const full = written('hog-functions')
    expect(full.map((item) => item['id']).sort()).toEqual(functions.map((item) => item.id).sort())
    expect(full.every((item) => typeof (item['inputs'] as { url?: { value?: unknown } }).url?.value === 'string')).toBe(
      true,
    )
  })
})
