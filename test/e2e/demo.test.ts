import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../examples/quickstart.js'
import { useE2E } from '../helpers/fake-server.js'
import { ISO_DATE_TIME } from '../helpers/dates.js'

/** `npm run demo` (examples/quickstart.ts), run in-process so its report can be checked. */
describe('examples/quickstart.ts', () => {
  it('with no key: works against the fake, reports the numbers, and closes the server', async () => {
    const lines: string[] = []
    const report = await main({ env: {}, log: (line) => lines.push(line) })

    expect(report.mode).toBe('fake')
    expect(report.writes).toBe(true)
    expect(report.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    expect(report.experiments.created.map((experiment) => experiment.conclusion)).toEqual(['won', 'inconclusive'])
    for (const experiment of report.experiments.created) {
      expect(experiment.startDate).toMatch(ISO_DATE_TIME)
      expect(experiment.endDate).toMatch(ISO_DATE_TIME)
      expect(Date.parse(experiment.endDate ?? '')).toBeGreaterThan(Date.parse(experiment.startDate ?? ''))
      expect(experiment.flag).toMatch(/^quickstart-/)
    }
    // 248 past experiments are seeded, every other one concluded; the two new ones are concluded too.
    expect(report.experiments.active).toBe(124)
    expect(report.experiments.cleanedUp).toBe(false)

    expect(report.pagination).toEqual({ resource: 'experiments', pageSize: 100, items: 250, pages: 3, requests: 3 })

    expect(report.survey).toMatchObject({
      name: 'Checkout NPS',
      responsesBefore: 5,
      responsesAfter: 4,
      responsesIncludingArchived: 5,
      responsesRestored: 5,
    })
    expect(report.survey?.archivedUuids).toEqual([report.survey?.archivedResponse])
    // 3 per experiment (create, launch, conclude), stats, 3 pages, 10 for the survey.
    expect(report.requests).toBe(2 * 3 + 1 + 3 + 10)

    const text = lines.join('\n')
    expect(text).toContain('250 items in 3 pages, 3 requests')
    expect(text).toContain('responses after archiving:  4 (exclude_archived), 5 with archived ones')
    expect(text).toContain('fake server closed')
    // The server is gone: nothing answers on its port any more.
    await expect(fetch(`${report.baseUrl}/api/projects/1/experiments/`)).rejects.toThrow(TypeError)
  })

  it(
    'as a process (what `npm run demo` runs): prints the ' + 'report and exits 0 on its own, nothing left open',
    async () => {
      const root = fileURLToPath(new URL('../..', import.meta.url))
      const env: NodeJS.ProcessEnv = { ...process.env }
      delete env['POSTHOG_PERSONAL_API_KEY']
      // No `timeout` on the demo's side: a server or socket left open would keep the process alive until this kills it.
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'examples/quickstart.ts'],
          { cwd: root, env, timeout: 20_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
        )
        child.stdin?.end()
      })
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(run.stdout).toContain('in-memory fake at http://127.0.0.1:')
      expect(run.stdout).toMatch(/250 items in 3 pages, 3 requests/)
      expect(run.stdout).toMatch(/Done: 20 requests in \d+ ms; fake server closed\./)
    },
  )

  describe('with a key (a fake standing in for the real service)', () => {
    const e2e = useE2E({}, 'test')
    let env: Record<string, string>

    beforeEach(() => {
      e2e.fake.seed.experiments(120)
      const [survey] = e2e.fake.seed.surveys([{ name: 'Existing survey' }])
      const responses = e2e.fake.seed.surveyResponses(survey?.id ?? '', 3)
      env = {
        POSTHOG_PERSONAL_API_KEY: e2e.fake.apiKey,
        POSTHOG_PROJECT_ID: String(e2e.fake.projectId),
        POSTHOG_BASE_URL: e2e.server.url,
        POSTHOG_DEMO_SURVEY_ID: survey?.id ?? '',
        POSTHOG_DEMO_RESPONSE_UUID: responses[1]?.uuid ?? '',
      }
    })

    it('is read-only unless POSTHOG_DEMO_WRITE=1, and never prints the key', async () => {
      const lines: string[] = []
      const report = await main({ env, log: (line) => lines.push(line) })
      expect(report).toMatchObject({ mode: 'real', writes: false, baseUrl: e2e.server.url })
      expect(report.experiments.created).toEqual([])
      expect(report.pagination).toMatchObject({ items: 120, pages: 2, requests: 2 })
      expect(report.survey).toMatchObject({
        name: 'Existing survey',
        responsesBefore: 3,
        archivedResponse: null,
        responsesAfter: null,
      })
      expect(new Set(e2e.fake.requests.map((request) => request.method))).toEqual(new Set(['GET']))
      expect(e2e.fake.requests).toHaveLength(report.requests)
      expect(lines.join('\n')).not.toContain(e2e.fake.apiKey)
    })

    it(
      'with POSTHOG_DEMO_WRITE=1 concludes two experiments, ' + 'archives and restores a response, and cleans up',
      async () => {
        const report = await main({ env: { ...env, POSTHOG_DEMO_WRITE: '1' }, log: () => undefined })
        expect(report.writes).toBe(true)
        expect(report.experiments.created).toHaveLength(2)
        expect(report.experiments.cleanedUp).toBe(true)
        for (const { id } of report.experiments.created)
          expect(e2e.fake.state.experiments.get(id)).toMatchObject({ deleted: true, conclusion: expect.any(String) })
        expect(report.survey).toMatchObject({
          archivedResponse: env['POSTHOG_DEMO_RESPONSE_UUID'],
          responsesBefore: 3,
          responsesAfter: 2,
          responsesRestored: 3,
        })
        // The response is unarchived again: the project is left as it was found.
        expect((await e2e.client().surveys.archivedResponseUuids(env['POSTHOG_DEMO_SURVEY_ID'] ?? '')).length).toBe(0)
      },
    )
  })
})
