import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { buildCli, fakeEnv, finished, type StagedCli } from './helpers.js'

/**
 * README's nightly export, run as written by bash with the built `posthog-project` (`npx posthog-project`
 * stands for it) against the fake over a socket: every experiment, archived or not, and every survey
 * lands in the files, each once.
 */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

/** The shell lines of the export recipe (the `sh` block after "A nightly export"). */
function exportRecipe(): string {
  const start = README.indexOf('```sh', README.indexOf('A nightly export'))
  const body = README.slice(README.indexOf('\n', start) + 1, README.indexOf('\n```', start))
  return body
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

describe("README: the nightly export", () => {
  it('writes every experiment, the archived ones included, and every survey, each once', async () => {
    const live = fake.seed.experiments(60)
    const archived = fake.seed.experiments(Array.from({ length: 4 }, (_, index) => ({ name: `Archived ${index}`, archived: true })))
    const surveys = fake.seed.surveys([...Array.from({ length: 30 }, () => ({})), { name: 'Old survey', archived: true }])
    fake.seed.surveyResponses(surveys[0]!.id, 3)

    const recipe = exportRecipe()
    expect(recipe).toMatch(/^npx posthog-project experiments /m)
    const script = recipe.replaceAll('npx posthog-project', `"${process.execPath}" "${cli.bin}"`)
    const shell = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: work, env: { PATH: process.env.PATH ?? '', ...fakeEnv(fake, server.url) }, stdio: ['ignore', 'pipe', 'pipe'] })
    const result = await finished(shell)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)

    const file = (prefix: string) => readFileSync(join(work, readdirSync(work).find((name) => name.startsWith(prefix))!), 'utf8')
    const lines = (text: string) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id: number | string; archived: boolean })
    const experiments = lines(file('experiments-'))
    expect(experiments.filter((item) => !item.archived)).toHaveLength(60)
    expect(experiments.filter((item) => item.archived)).toHaveLength(4)
    expect(experiments.map((item) => item.id).sort()).toEqual([...live, ...archived].map((item) => item.id).sort())
    const exportedSurveys = lines(file('surveys-'))
    expect(exportedSurveys.map((item) => item.id).sort()).toEqual(surveys.map((item) => item.id).sort())
    expect(exportedSurveys.filter((item) => item.archived)).toHaveLength(1)
    expect(JSON.parse(file('response-counts-'))).toEqual({ [surveys[0]!.id]: 3 })
  })
})
