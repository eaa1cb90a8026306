// The package as users get it: `npm pack`, installed by name into a fresh folder, used from ESM, CommonJS
// and a strict TypeScript consumer. Builds into its own staging folder so it never races ./dist.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = new URL('../..', import.meta.url).pathname
const tsc = join(root, 'node_modules/typescript/bin/tsc')
let work: string
let consumer: string
let packed: string[]
let tarball: string

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

function install(cwd: string, ...specs: string[]): void {
  // Everything the tarball needs (ky, zod, and msw for the testing entry) is in the npm cache after `npm ci`;
  // --prefer-offline reads it from there and falls back to the registry.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], cwd)
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'phc-pack-'))
  const staging = join(work, 'staging')
  mkdirSync(join(staging, 'testing'), { recursive: true })
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'testing/package.json']) cpSync(join(root, file), join(staging, file))
  run('npx', ['tsup', '--silent', '--out-dir', join(staging, 'dist')], root)
  const pack = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], staging)) as Array<{ filename: string; files: Array<{ path: string }> }>
  packed = pack[0]!.files.map((file) => file.path)
  tarball = join(work, pack[0]!.filename)
  consumer = join(work, 'consumer')
  mkdirSync(consumer)
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  // First without msw: it is an optional peer, only the testing entry uses it.
  install(consumer, tarball)
}, 240_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the packed tarball', () => {
  it('holds only what users need', () => {
    expect(packed.some((path) => path.startsWith('src/') || path.startsWith('test/'))).toBe(false)
    for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'testing/package.json', 'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'dist/testing/index.js', 'dist/testing/index.cjs', 'dist/testing/index.d.ts', 'dist/testing/index.d.cts']) {
      expect(packed, file).toContain(file)
    }
  })

  it('installs only ky and zod besides itself (msw is an optional peer)', () => {
    expect(readdirSync(join(consumer, 'node_modules')).filter((name) => !name.startsWith('.')).sort()).toEqual(['ky', 'posthog-project-client', 'zod'])
  })

  // A fetch that answers every request with the service's 404 body, so the main entry runs with no fake and no msw.
  const notFoundFetch = `async () => new Response(JSON.stringify({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }), { status: 404, headers: { 'content-type': 'application/json' } })`

  it('the main entry works by name from ESM and CommonJS without msw installed', () => {
    writeFileSync(
      join(consumer, 'bare.mjs'),
      `import { ProjectClient, NotFoundError, ApiError } from 'posthog-project-client'
const client = new ProjectClient({ apiKey: 'phx_secret_bare', projectId: 7, fetch: ${notFoundFetch} })
const error = await client.experiments.retrieve(1).catch((e) => e)
console.log(JSON.stringify({ notFound: error instanceof NotFoundError, api: error instanceof ApiError, status: error.status, keyShown: String(error.message).includes('phx_secret_bare') }))
`,
    )
    writeFileSync(
      join(consumer, 'bare.cjs'),
      `const { ProjectClient, NotFoundError, ApiError } = require('posthog-project-client')
const client = new ProjectClient({ apiKey: 'phx_secret_bare', projectId: 7, fetch: ${notFoundFetch} })
client.experiments.retrieve(1).catch((error) => {
  console.log(JSON.stringify({ notFound: error instanceof NotFoundError, api: error instanceof ApiError, status: error.status, keyShown: String(error.message).includes('phx_secret_bare') }))
})
`,
    )
    const expected = { notFound: true, api: true, status: 404, keyShown: false }
    expect(JSON.parse(run(process.execPath, ['bare.mjs'], consumer))).toEqual(expected)
    expect(JSON.parse(run(process.execPath, ['bare.cjs'], consumer))).toEqual(expected)
  })
})

describe('the packed tarball with msw installed (the testing entry)', () => {
  beforeAll(() => {
    install(consumer, 'msw@2')
  }, 120_000)

  it('works by name from ESM against the fake', () => {
    writeFileSync(
      join(consumer, 'esm.mjs'),
      `import { ProjectClient, NotFoundError, ApiError } from 'posthog-project-client'
import { createFakeApi } from 'posthog-project-client/testing'
const fake = createFakeApi()
fake.seed.experiments([{ name: 'Installed' }])
const server = await fake.listen()
try {
  const client = new ProjectClient({ ...fake.clientOptions(server.url) })
  const page = await client.experiments.list()
  const error = await client.experiments.retrieve(999).catch((e) => e)
  console.log(JSON.stringify({ names: page.results.map((e) => e.name), notFound: error instanceof NotFoundError, api: error instanceof ApiError, status: error.status }))
} finally {
  await server.close()
}
`,
    )
    expect(JSON.parse(run(process.execPath, ['esm.mjs'], consumer))).toEqual({ names: ['Installed'], notFound: true, api: true, status: 404 })
  })

  it('works by name from CommonJS against the fake', () => {
    writeFileSync(
      join(consumer, 'cjs.cjs'),
      `const { ProjectClient, NotFoundError, OPERATIONS } = require('posthog-project-client')
const { createFakeApi } = require('posthog-project-client/testing')
;(async () => {
  const fake = createFakeApi()
  const server = await fake.listen()
  try {
    const client = new ProjectClient({ ...fake.clientOptions(server.url) })
    const created = await client.experiments.create({ name: 'From CJS', feature_flag_key: 'from-cjs' })
    const again = await client.experiments.retrieve(created.id)
    const error = await client.surveys.retrieve('00000000-0000-0000-0000-000000000000').catch((e) => e)
    console.log(JSON.stringify({ name: again.name, notFound: error instanceof NotFoundError, operations: Object.keys(OPERATIONS).length }))
  } finally {
    await server.close()
  }
})().catch((error) => { console.error(error); process.exit(1) })
`,
    )
    expect(JSON.parse(run(process.execPath, ['cjs.cjs'], consumer))).toEqual({ name: 'From CJS', notFound: true, operations: 61 })
  })

  it.each(['nodenext', 'bundler'])('type-checks a strict TypeScript consumer (moduleResolution %s)', (resolution) => {
    const dir = join(consumer, `ts-${resolution}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          types: [],
          module: resolution === 'bundler' ? 'ESNext' : 'NodeNext',
          moduleResolution: resolution,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
        files: resolution === 'nodenext' ? ['consumer.ts', 'consumer.cts'] : ['consumer.ts'],
      }),
    )
    // A CommonJS TypeScript module (.cts) resolves the `require` conditions: dist/*.d.cts.
    writeFileSync(
      join(dir, 'consumer.cts'),
      `import { ProjectClient, ApiError, NotFoundError, type Experiment } from 'posthog-project-client'
import { createFakeApi } from 'posthog-project-client/testing'

export async function firstName(): Promise<string | undefined> {
  const fake = createFakeApi()
  const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
  const page = await client.experiments.list()
  const first: Experiment | undefined = page.results[0]
  const error: unknown = await client.experiments.retrieve(0).catch((e: unknown) => e)
  const narrowed: NotFoundError | undefined = error instanceof NotFoundError ? error : undefined
  const base: ApiError | undefined = narrowed
  return first?.name ?? String(base?.status)
}
`,
    )
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { ProjectClient, NotFoundError, type Experiment, type Page } from 'posthog-project-client'
import { createFakeApi, type FakeApi } from 'posthog-project-client/testing'

export const fake: FakeApi = createFakeApi({ pageSize: 10 })
export const client = new ProjectClient(fake.clientOptions())

export async function names(client: ProjectClient): Promise<string[]> {
  const out: string[] = []
  for await (const experiment of client.experiments.list({ limit: 50 })) out.push(experiment.name ?? '(unnamed)')
  const first: Page<Experiment> = await client.experiments.list()
  const { data, response } = await client.experiments.retrieve(first.results[0]?.id ?? 1).withResponse()
  const status: number = response.status
  try {
    await client.surveys.retrieve('missing')
  } catch (error) {
    if (error instanceof NotFoundError) return [...out, data.feature_flag_key ?? '', String(status), String(error.status)]
  }
  return out
}
// @ts-expect-error a string id is not an experiment id
export const wrong = (client: ProjectClient) => client.experiments.retrieve('1')
`,
    )
    const result = (() => {
      try {
        return { code: 0, out: run(process.execPath, [tsc, '-p', dir, '--listFiles'], dir) }
      } catch (error) {
        const failure = error as { status: number; stdout: string }
        return { code: failure.status, out: failure.stdout }
      }
    })()
    expect(result.code, result.out).toBe(0)
    // The declarations come from the installed tarball, by the conditions of each resolution mode.
    const installed = (file: string) => join(consumer, 'node_modules/posthog-project-client', file)
    const used = result.out.trim().split('\n')
    const expected = resolution === 'nodenext'
      ? ['dist/index.d.ts', 'dist/testing/index.d.ts', 'dist/index.d.cts', 'dist/testing/index.d.cts']
      : ['dist/index.d.ts', 'dist/testing/index.d.ts']
    for (const file of expected) expect(used).toContain(installed(file))
    expect(used.filter((file) => file.includes('/src/'))).toEqual([])
  })
})
