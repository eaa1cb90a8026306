// `npx posthog-project` as users get it: the package packed, installed by name into a fresh folder, its
// bin run through npx and directly, against the fake's real socket. Builds into its own staging folder so
// it never races ./dist.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeApi } from 'posthog-project-client/testing'

const root = new URL('../../..', import.meta.url).pathname
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
let work: string
let consumer: string

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Runs a command without blocking this process's event loop (the fake answering it lives here). */
function runAsync(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.once('error', reject)
    // npm's own warnings about the machine's npm config are not the command's.
    child.once('close', (code) => resolve({ code, stdout, stderr: withoutNpmWarnings(stderr) }))
  })
}

function withoutNpmWarnings(stderr: string): string {
  return stderr
    .split(/(?<=\n)/)
    .filter((line) => !line.startsWith('npm warn '))
    .join('')
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'phc-cli-pack-'))
  const staging = join(work, 'staging')
  mkdirSync(join(staging, 'testing'), { recursive: true })
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'testing/package.json'])
    cpSync(join(root, file), join(staging, file))
  run('npx', ['tsup', '--silent', '--out-dir', join(staging, 'dist')], root)
  const pack = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], staging)) as Array<{
    filename: string
  }>
  consumer = join(work, 'consumer')
  mkdirSync(consumer)
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  // ky and zod are in the npm cache after `npm ci`; --prefer-offline reads them from there.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, pack[0]!.filename)], consumer)
}, 240_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('npx posthog-project from the packed tarball', () => {
  it('is linked as an executable bin', () => {
    const bin = join(consumer, 'node_modules', '.bin', 'posthog-project')
    expect(statSync(bin).mode & 0o111).not.toBe(0)
    expect(run(bin, ['--version'], consumer)).toBe(`${version}\n`)
  })

  it('npx posthog-project --version and --help', () => {
    expect(run('npx', ['--no', '--', 'posthog-project', '--version'], consumer)).toBe(`${version}\n`)
    const help = run('npx', ['--no', '--', 'posthog-project', '--help'], consumer)
    expect(help).toContain('event-definitions: list, create, retrieve')
  })

  it('npx posthog-project calls the API (a real socket to the fake)', async () => {
    const fake = createFakeApi()
    fake.seed.surveys([{ name: 'Installed survey' }])
    const server = await fake.listen()
    try {
      const env = {
        POSTHOG_PERSONAL_API_KEY: fake.apiKey,
        POSTHOG_PROJECT_ID: String(fake.projectId),
        POSTHOG_BASE_URL: server.url,
      }
      const listed = await runAsync(
        'npx',
        ['--no', '--', 'posthog-project', 'surveys', 'list', '--all', '--format', 'ndjson'],
        consumer,
        env,
      )
      expect(listed).toMatchObject({ code: 0, stderr: '' })
      expect(
        listed.stdout
          .trimEnd()
          .split('\n')
          .map((line) => (JSON.parse(line) as { name: string }).name),
      ).toEqual(['Installed survey'])
      const missing = await runAsync(
        'npx',
        ['--no', '--', 'posthog-project', 'surveys', 'retrieve', 'nope'],
        consumer,
        env,
      )
      expect(missing.code).toBe(1)
      expect(missing.stderr).toMatch(/^posthog-project: NotFoundError: GET .* failed with 404/)
    } finally {
      await server.close()
    }
  })
})
