import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { parseCommandLine } from '../../src/cli/args.js'
import type { Io } from '../../src/cli/command.js'
import type { Sink } from '../../src/cli/output.js'
import { fakeEnv } from './helpers.js'

/**
 * Progress on a terminal, in-process against the fake over a socket: a long apply and a long walk show their
 * counts on stderr when stderr is a terminal, and nothing when it is piped or with `--format json`. The clock
 * is mocked (each reading 200 ms on), so every step draws and nothing waits.
 */

class MemorySink implements Sink {
  text = ''
  constructor(readonly isTTY: boolean) {}
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    return true
  }
  once(): this {
    return this
  }
}

let fake: FakeApi
let server: FakeServer
let work: string
let now = 0

beforeEach(async () => {
  fake = createFakeApi({ projects: [1, 2] })
  server = await fake.listen()
  work = mkdtempSync(join(tmpdir(), 'phc-progress-'))
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 200))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await server.close()
  rmSync(work, { recursive: true, force: true })
})

async function run(argv: string[], { stderrTTY = true, stdoutTTY = false } = {}) {
  const parsed = await parseCommandLine(argv)
  if (parsed.kind !== 'run') throw new Error(`not a command: ${argv.join(' ')}`)
  const stdout = new MemorySink(stdoutTTY)
  const stderr = new MemorySink(stderrTTY)
  const io: Io = {
    stdout,
    stderr,
    stdin: (async function* () {})(),
    env: fakeEnv(fake, server.url),
    signal: new AbortController().signal,
  }
  const code = await parsed.command.run(parsed.input, io)
  return { code, stdout: stdout.text, stderr: stderr.text }
}

describe('apply: progress on a terminal between the plan and the report', () => {
  /** Five flags pulled from project 1: applying them to project 2 creates five. */
  async function pulled(): Promise<string> {
    fake.seed.featureFlags(5)
    const dir = join(work, 'posthog')
    expect((await run(['pull', dir, '--kind', 'feature-flags'])).code).toBe(0)
    return dir
  }

  it('stderr a terminal: the counts after each change, the line cleared before the report', async () => {
    const dir = await pulled()
    const applied = await run(['apply', dir, '--project', '2', '--yes'])
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain('Applied 5, failed 0, skipped 0.')
    // Reading the project comes first (its own line, cleared when the plan is printed), then the changes.
    const drawn = applied.stderr.split('\r').filter(Boolean)
    expect(drawn[0]).toBe('Reading: 1 requests…')
    expect(drawn.slice(drawn.indexOf('Applying: 1 of 5 changes (1 applied, 0 failed)…') - 1)).toEqual([
      '\x1b[K',
      'Applying: 1 of 5 changes (1 applied, 0 failed)…',
      'Applying: 2 of 5 changes (2 applied, 0 failed)…',
      'Applying: 3 of 5 changes (3 applied, 0 failed)…',
      'Applying: 4 of 5 changes (4 applied, 0 failed)…',
      'Applying: 5 of 5 changes (5 applied, 0 failed)…',
      '\x1b[K',
    ])
  })

  it('quiet when stderr is piped, and with --format json (stdout then holds only the report)', async () => {
    const dir = await pulled()
    const piped = await run(['apply', dir, '--project', '2', '--yes'], { stderrTTY: false })
    expect(piped.code).toBe(0)
    expect(piped.stderr).toBe('')
    rmSync(dir, { recursive: true })
    fake.reset()
    const again = await pulled()
    const json = await run(['apply', again, '--project', '2', '--yes', '--format', 'json'])
    expect(json.code).toBe(0)
    expect(json.stderr).not.toContain('Applying')
    expect(JSON.parse(json.stdout)).toMatchObject({ applied: 5, failed: 0 })
  })
})

describe('pull and plan: the requests so far on a terminal while the project is read', () => {
  it(
    'plan: the count until the plan is printed, then cleared; ' + 'nothing with --format json or stderr piped',
    async () => {
      fake.seed.featureFlags(3)
      fake.seed.surveys(2)
      const dir = join(work, 'posthog')
      const pulled = await run(['pull', dir])
      expect(pulled.code).toBe(0)
      const reads = fake.requests.length
      expect(pulled.stderr).toBe(
        `${Array.from({ length: reads }, (_, index) => `\rReading: ${index + 1} requests…`).join('')}\r\x1b[K`,
      )
      const planned = await run(['plan', dir])
      expect(planned.code).toBe(0)
      expect(planned.stderr).toMatch(/^\rReading: 1 requests…(\rReading: \d+ requests…)*\r\x1b\[K$/)
      expect(planned.stdout).toContain('0 to create, 0 to update, 0 to delete, 5 unchanged')
      expect((await run(['plan', dir, '--format', 'json'])).stderr).toBe('')
      expect((await run(['plan', dir], { stderrTTY: false })).stderr).toBe('')
    },
  )
})

describe('walks (--all): items so far on a terminal', () => {
  it('ndjson to a file: the count on stderr; --format json: nothing; stderr piped: nothing', async () => {
    fake.seed.surveys(5)
    const ndjson = await run(['surveys', 'list', '--all', '--limit', '2', '--format', 'ndjson'])
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(5)
    expect(ndjson.stderr).toContain('5 of 5 items…')
    expect(ndjson.stderr.endsWith('\r\x1b[K')).toBe(true)
    const json = await run(['surveys', 'list', '--all', '--limit', '2', '--format', 'json'])
    expect(JSON.parse(json.stdout)).toHaveLength(5)
    expect(json.stderr).toBe('')
    const piped = await run(['surveys', 'list', '--all', '--limit', '2', '--format', 'ndjson'], { stderrTTY: false })
    expect(piped.stderr).toBe('')
  })
})
