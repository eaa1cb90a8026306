import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { buildCli, fakeEnv, finished, runInProcess, startCli, type StagedCli } from './helpers.js'

/**
 * `--all` walks over a real socket: 1,200 surveys in pages of 100, streamed through the built bin's pipe as
 * they arrive (the first line is out while later pages are still being fetched); `--max` fetching no page
 * beyond what it needs, and every format, by the command line run in this process (what the bin runs).
 */

const TOTAL = 1_200
const PAGE = 100
const PAGES = TOTAL / PAGE

let cli: StagedCli
let fake: FakeApi
let server: FakeServer
let seededIds: string[]

beforeAll(async () => {
  cli = buildCli()
  fake = createFakeApi()
  seededIds = fake.seed.surveys(TOTAL).map((survey) => survey.id)
  server = await fake.listen()
})
afterAll(async () => {
  await server?.close()
  cli?.remove()
})

const listRequests = () => fake.requests.filter((request) => request.operation === 'surveys.list')

describe('posthog-project surveys list --all', () => {
  it('streams ndjson: the first line is written while later pages are still unfetched', async () => {
    fake.reset()
    fake.seed.surveys(TOTAL)
    // Every page answers 200 ms late: the whole walk takes over 2 s, the first line comes after one page.
    fake.faults.delayNext(PAGES, { ms: 200, operation: 'surveys.list' })
    const child = startCli(cli.bin, ['surveys', 'list', '--all', '--format', 'ndjson', '--limit', String(PAGE)], {
      env: fakeEnv(fake, server.url),
    })
    const done = finished(child)
    const firstLine = await new Promise<{ answered: number; running: boolean; line: string }>((resolve) => {
      let buffered = ''
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString('utf8')
        const end = buffered.indexOf('\n')
        if (end < 0) return
        child.stdout!.off('data', onData)
        resolve({
          answered: listRequests().filter((request) => request.status !== null).length,
          running: child.exitCode === null,
          line: buffered.slice(0, end),
        })
      }
      child.stdout!.on('data', onData)
    })
    expect(firstLine.running).toBe(true)
    expect(firstLine.answered).toBeLessThan(PAGES)
    expect(JSON.parse(firstLine.line)).toHaveProperty('id')

    const result = await done
    expect(result.code).toBe(0)
    const ids = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id)
    expect(ids).toHaveLength(TOTAL)
    expect(new Set(ids).size).toBe(TOTAL)
    expect(listRequests()).toHaveLength(PAGES)
    // Not a terminal: no progress on stderr.
    expect(result.stderr).toBe('')
  })

  it('--format json writes one JSON array of every item', async () => {
    fake.reset()
    const ids = new Set(fake.seed.surveys(TOTAL).map((survey) => survey.id))
    const result = await runInProcess(['surveys', 'list', '--all', '--format', 'json'], {
      env: fakeEnv(fake, server.url),
    })
    expect(result.code).toBe(0)
    const items = JSON.parse(result.stdout) as Array<{ id: string }>
    expect(new Set(items.map((item) => item.id))).toEqual(ids)
    expect(listRequests()).toHaveLength(TOTAL / 100)
  })

  it('json is the default when stdout is not a terminal', async () => {
    const result = await runInProcess(['surveys', 'list', '--all'], { env: fakeEnv(fake, server.url) })
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toHaveLength(TOTAL)
  })

  it('--max 250 stops after 250 items and fetches no page beyond the third', async () => {
    fake.reset()
    fake.seed.surveys(TOTAL)
    const result = await runInProcess(
      ['surveys', 'list', '--max', '250', '--format', 'ndjson', '--limit', String(PAGE)],
      { env: fakeEnv(fake, server.url) },
    )
    expect(result.code).toBe(0)
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(250)
    expect(listRequests()).toHaveLength(3)
  })

  it('--format table streams a header and one row per item', async () => {
    const result = await runInProcess(['surveys', 'list', '--all', '--format', 'table'], {
      env: fakeEnv(fake, server.url),
    })
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines[0]!.split(/\s+/)).toEqual(['id', 'name', 'type', 'start_date', 'end_date', 'archived'])
    expect(lines).toHaveLength(TOTAL + 1)
  })

  it('without --all: the first page only, as the SDK returns it', async () => {
    fake.reset()
    fake.seed.surveys(TOTAL)
    const result = await runInProcess(['surveys', 'list', '--limit', '10'], { env: fakeEnv(fake, server.url) })
    expect(result.code).toBe(0)
    const page = JSON.parse(result.stdout) as { results: unknown[]; count: number; next: string }
    expect(page.results).toHaveLength(10)
    expect(page.count).toBe(TOTAL)
    expect(page.next).toContain('offset=10')
    expect(listRequests()).toHaveLength(1)
  })

  it('a page that fails mid-walk: the items so far are out, the error on stderr, exit 1', async () => {
    fake.reset()
    fake.seed.surveys(300)
    fake.faults.delayNext(1, { ms: 0, operation: 'surveys.list' })
    fake.faults.failNext(1, { status: 404, operation: 'surveys.list', path: /surveys/ })
    // The first request takes the delay (answered normally), the second the 404.
    const result = await runInProcess(
      ['surveys', 'list', '--all', '--format', 'ndjson', '--limit', '100', '--max-retries', '0'],
      { env: fakeEnv(fake, server.url) },
    )
    expect(result.code).toBe(1)
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(100)
    expect(result.stderr).toMatch(/^posthog-project: NotFoundError: GET .*offset=100.* failed with 404/)
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
  })

  it('seeded every survey once (sanity of the fixture)', () => {
    expect(new Set(seededIds).size).toBe(TOTAL)
  })
})
