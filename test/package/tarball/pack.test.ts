// The package as users get it: `npm pack`, installed by name into a fresh folder, used from ESM, CommonJS
// and a strict TypeScript consumer: first without msw (the main entry and `/testing` must not need it),
// then with msw for `/testing/msw`. Builds into its own staging folder so it never races ./dist.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_OPERATIONS } from '../../helpers/operations.js'

const root = new URL('../../..', import.meta.url).pathname
const tsc = join(root, 'node_modules/typescript/bin/tsc')
let work: string
let consumer: string
let packed: string[]
let tarball: string
/** The folders that let Node 10-style resolution find the subpath entries. */
const REDIRECTS = ['testing/package.json', 'testing/msw/package.json']
const ENTRIES = ['index', 'testing/index', 'testing/msw/index']

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

function install(cwd: string, ...specs: string[]): void {
  // Everything the tarball needs (ky, zod, and msw for the msw entry) is in the npm cache after `npm ci`;
  // --prefer-offline reads it from there and falls back to the registry.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], cwd)
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'phc-pack-'))
  const staging = join(work, 'staging')
  mkdirSync(join(staging, 'testing/msw'), { recursive: true })
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', ...REDIRECTS])
    cpSync(join(root, file), join(staging, file))
  run('npx', ['tsup', '--silent', '--out-dir', join(staging, 'dist')], root)
  const pack = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], staging)) as Array<{
    filename: string
    files: Array<{ path: string }>
  }>
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
    const built = ENTRIES.flatMap((entry) =>
      ['js', 'cjs', 'd.ts', 'd.cts'].map((extension) => `dist/${entry}.${extension}`),
    )
    for (const file of ['package.json', 'README.md', 'CHANGELOG.md', ...REDIRECTS, ...built])
      expect(packed, file).toContain(file)
  })

  it(
    "installs only ky and zod, yaml and diff (the configuration entry's), PostHog's parser and VM with luxon " +
      "(the hog entry's) besides itself (msw is an optional peer)",
    () => {
      expect(
        readdirSync(join(consumer, 'node_modules'))
          .filter((name) => !name.startsWith('.'))
          .sort(),
      ).toEqual(['@posthog', 'diff', 'ky', 'luxon', 'posthog-project-client', 'yaml', 'zod'])
      expect(readdirSync(join(consumer, 'node_modules', '@posthog')).sort()).toEqual(['hogql-parser', 'hogvm'])
    },
  )

  // A fetch that answers every request with the service's 404 body, so the main entry runs with no fake and no msw.
  const notFoundFetch =
    `async () => new Response(JSON.stringify({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', ` +
    `attr: null }), { status: 404, headers: { 'content-type': 'application/json' } })`

  it('the main entry works by name from ESM and CommonJS without msw installed', () => {
    writeFileSync(
      join(consumer, 'bare.mjs'),
      `import { ProjectClient, NotFoundError, ApiError } from 'posthog-project-client'
const client = new ProjectClient({ apiKey: 'phx_secret_bare', projectId: 7, fetch: ${notFoundFetch} })
const error = await client.experiments.retrieve(1).catch((e) => e)
const keyShown = String(error.message).includes('phx_secret_bare')
const api = error instanceof ApiError
console.log(JSON.stringify({ notFound: error instanceof NotFoundError, api, status: error.status, keyShown }))
`,
    )
    writeFileSync(
      join(consumer, 'bare.cjs'),
      `const { ProjectClient, NotFoundError, ApiError } = require('posthog-project-client')
const client = new ProjectClient({ apiKey: 'phx_secret_bare', projectId: 7, fetch: ${notFoundFetch} })
client.experiments.retrieve(1).catch((error) => {
  const keyShown = String(error.message).includes('phx_secret_bare')
  const api = error instanceof ApiError
  console.log(JSON.stringify({ notFound: error instanceof NotFoundError, api, status: error.status, keyShown }))
})
`,
    )
    const expected = { notFound: true, api: true, status: 404, keyShown: false }
    expect(JSON.parse(run(process.execPath, ['bare.mjs'], consumer))).toEqual(expected)
    expect(JSON.parse(run(process.execPath, ['bare.cjs'], consumer))).toEqual(expected)
  })
})

describe('the testing entry without msw installed', () => {
  it('works by name from ESM: listen() over a socket and fake.fetch in memory', () => {
    writeFileSync(
      join(consumer, 'testing.mjs'),
      `import { ProjectClient, NotFoundError } from 'posthog-project-client'
import { createFakeApi } from 'posthog-project-client/testing'
const msw = await import('msw').then(() => 'installed', (e) => e.code)
const fake = createFakeApi()
fake.seed.experiments([{ name: 'Installed' }])
const server = await fake.listen()
try {
  const overSocket = new ProjectClient({ ...fake.clientOptions(server.url), maxRetries: 0 })
  const page = await overSocket.experiments.list()
  const inMemory = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
  const created = await inMemory.experiments.create({ name: 'In memory', feature_flag_key: 'in-memory' })
  const error = await overSocket.experiments.retrieve(999).catch((e) => e)
  const names = page.results.map((e) => e.name)
  const readBack = (await overSocket.experiments.retrieve(created.id)).name
  const keyShown = JSON.stringify(error).includes(fake.apiKey)
  console.log(JSON.stringify({ msw, names, created: readBack, notFound: error instanceof NotFoundError, keyShown }))
} finally {
  await server.close()
}
`,
    )
    expect(JSON.parse(run(process.execPath, ['testing.mjs'], consumer))).toEqual({
      msw: 'ERR_MODULE_NOT_FOUND',
      names: ['Installed'],
      created: 'In memory',
      notFound: true,
      keyShown: false,
    })
  })

  it('works by name from CommonJS: listen() over a socket and fake.fetch in memory', () => {
    writeFileSync(
      join(consumer, 'testing.cjs'),
      `const { ProjectClient, NotFoundError, OPERATIONS } = require('posthog-project-client')
const { createFakeApi } = require('posthog-project-client/testing')
;(async () => {
  let msw = 'installed'
  try { require('msw') } catch (e) { msw = e.code }
  const fake = createFakeApi()
  const server = await fake.listen()
  try {
    const client = new ProjectClient({ ...fake.clientOptions(server.url), maxRetries: 0 })
    const created = await client.experiments.create({ name: 'From CJS', feature_flag_key: 'from-cjs' })
    const inMemory = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
    const again = await inMemory.experiments.retrieve(created.id)
    const error = await client.surveys.retrieve('00000000-0000-0000-0000-000000000000').catch((e) => e)
    const operations = Object.keys(OPERATIONS).length
    console.log(JSON.stringify({ msw, name: again.name, notFound: error instanceof NotFoundError, operations }))
  } finally {
    await server.close()
  }
})().catch((error) => { console.error(error); process.exit(1) })
`,
    )
    expect(JSON.parse(run(process.execPath, ['testing.cjs'], consumer))).toEqual({
      msw: 'MODULE_NOT_FOUND',
      name: 'From CJS',
      notFound: true,
      operations: ALL_OPERATIONS.length,
    })
  })

  it.each(['nodenext', 'bundler'])(
    'type-checks a strict TypeScript consumer of both entries (moduleResolution %s, skipLibCheck false)',
    (resolution) => {
      const dir = typeScriptConsumer(`ts-${resolution}`, resolution)
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
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'

export const fake: FakeApi = createFakeApi({ pageSize: 10 })
export const client = new ProjectClient(fake.clientOptions())
export const serving: Promise<FakeServer> = fake.listen()

export async function names(client: ProjectClient): Promise<string[]> {
  const out: string[] = []
  for await (const experiment of client.experiments.list({ limit: 50 })) out.push(experiment.name ?? '(unnamed)')
  const first: Page<Experiment> = await client.experiments.list()
  const { data, response } = await client.experiments.retrieve(first.results[0]?.id ?? 1).withResponse()
  const status: number = response.status
  try {
    await client.surveys.retrieve('missing')
  } catch (error) {
    if (error instanceof NotFoundError)
      return [...out, data.feature_flag_key ?? '', String(status), String(error.status)]
  }
  return out
}
// @ts-expect-error a string id is not an experiment id
export const wrong = (client: ProjectClient) => client.experiments.retrieve('1')
// @ts-expect-error the msw handlers moved to posthog-project-client/testing/msw
export const gone = fake.handlers
`,
      )
      const used = typeCheck(dir)
      const expected =
        resolution === 'nodenext'
          ? ['dist/index.d.ts', 'dist/testing/index.d.ts', 'dist/index.d.cts', 'dist/testing/index.d.cts']
          : ['dist/index.d.ts', 'dist/testing/index.d.ts']
      for (const file of expected) expect(used).toContain(installed(file))
    },
  )
})

describe('the packed tarball with msw installed (the msw entry)', () => {
  beforeAll(() => {
    install(consumer, 'msw@2')
  }, 120_000)

  it('serves the fake through msw by name from ESM', () => {
    writeFileSync(
      join(consumer, 'msw.mjs'),
      `import { setupServer } from 'msw/node'
import { ProjectClient, NotFoundError } from 'posthog-project-client'
import { createFakeApi } from 'posthog-project-client/testing'
import { mswHandlers } from 'posthog-project-client/testing/msw'
const fake = createFakeApi()
fake.seed.experiments(3)
const server = setupServer(...mswHandlers(fake))
server.listen({ onUnhandledRequest: 'error' })
try {
  const client = new ProjectClient({ ...fake.clientOptions(), maxRetries: 0 })
  const names = []
  for await (const experiment of client.experiments.list({ limit: 2 })) names.push(experiment.name)
  const error = await client.experiments.retrieve(999).catch((e) => e)
  console.log(JSON.stringify({ names, notFound: error instanceof NotFoundError, requests: fake.requests.length }))
} finally {
  server.close()
}
`,
    )
    expect(JSON.parse(run(process.execPath, ['msw.mjs'], consumer))).toEqual({
      names: ['Experiment 3', 'Experiment 2', 'Experiment 1'],
      notFound: true,
      requests: 3,
    })
  })

  it('serves the fake through msw by name from CommonJS', () => {
    writeFileSync(
      join(consumer, 'msw.cjs'),
      `const { setupServer } = require('msw/node')
const { ProjectClient } = require('posthog-project-client')
const { createFakeApi } = require('posthog-project-client/testing')
const { mswHandlers } = require('posthog-project-client/testing/msw')
;(async () => {
  const fake = createFakeApi({ baseUrl: 'https://eu.posthog.com' })
  const server = setupServer(...mswHandlers(fake))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const client = new ProjectClient({ ...fake.clientOptions(), maxRetries: 0 })
    const created = await client.surveys.create({ name: 'Over msw', type: 'popover' })
    console.log(JSON.stringify({ name: (await client.surveys.retrieve(created.id)).name, url: fake.requests[0].url }))
  } finally {
    server.close()
  }
})().catch((error) => { console.error(error); process.exit(1) })
`,
    )
    const out = JSON.parse(run(process.execPath, ['msw.cjs'], consumer)) as { name: string; url: string }
    expect(out).toEqual({
      name: 'Over msw',
      url: expect.stringMatching(/^https:\/\/eu\.posthog\.com\/api\/projects\/1\/surveys\/$/),
    })
  })

  it.each(['nodenext', 'bundler'])(
    'type-checks a strict TypeScript consumer of the msw entry (moduleResolution %s)',
    (resolution) => {
      const dir = typeScriptConsumer(`ts-msw-${resolution}`, resolution)
      writeFileSync(
        join(dir, 'consumer.cts'),
        `import type { HttpHandler } from 'msw'
import { createFakeApi } from 'posthog-project-client/testing'
import { mswHandlers } from 'posthog-project-client/testing/msw'

export const handlers: HttpHandler[] = mswHandlers(createFakeApi())
`,
      )
      writeFileSync(
        join(dir, 'consumer.ts'),
        `import { setupServer } from 'msw/node'
import { ProjectClient } from 'posthog-project-client'
import { createFakeApi, type FakeApi } from 'posthog-project-client/testing'
import { mswHandlers } from 'posthog-project-client/testing/msw'

export const fake: FakeApi = createFakeApi()
export const server = setupServer(...mswHandlers(fake))
export const client = new ProjectClient(fake.clientOptions())
// @ts-expect-error mswHandlers takes a fake
export const wrong = mswHandlers({})
`,
      )
      const used = typeCheck(dir)
      const expected =
        resolution === 'nodenext'
          ? ['dist/testing/msw/index.d.ts', 'dist/testing/msw/index.d.cts']
          : ['dist/testing/msw/index.d.ts']
      for (const file of expected) expect(used).toContain(installed(file))
    },
  )
})

/**
 * A strict TypeScript project in `consumer/<name>` (no @types, `skipLibCheck: false`), checking consumer.ts (and
 * consumer.cts for nodenext).
 */
function typeScriptConsumer(name: string, resolution: string): string {
  const dir = join(consumer, name)
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
  return dir
}

/** Runs tsc on the project and returns the files it read; fails with tsc's output on any error. */
function typeCheck(dir: string): string[] {
  const result = (() => {
    try {
      return { code: 0, out: run(process.execPath, [tsc, '-p', dir, '--listFiles'], dir) }
    } catch (error) {
      const failure = error as { status: number; stdout: string }
      return { code: failure.status, out: failure.stdout }
    }
  })()
  expect(result.code, result.out).toBe(0)
  const used = result.out.trim().split('\n')
  // The declarations come from the installed tarball, never from the sources.
  expect(used.filter((file) => file.includes('/src/'))).toEqual([])
  return used
}

/** A file of the installed package. */
function installed(file: string): string {
  return join(consumer, 'node_modules/posthog-project-client', file)
}
