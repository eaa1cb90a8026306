import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'

const root = new URL('..', import.meta.url).pathname

describe('the built package', () => {
  beforeAll(() => {
    execFileSync('npx', ['tsup', '--silent'], { cwd: root, stdio: 'pipe' })
  }, 120_000)

  it('emits ESM, CommonJS and type declarations for both entry points', () => {
    for (const file of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'testing/index.js', 'testing/index.cjs', 'testing/index.d.ts']) {
      expect(existsSync(`${root}dist/${file}`), file).toBe(true)
    }
  })

  it('an ESM import of dist exposes ProjectClient', () => {
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('./dist/index.js'); const c = new m.ProjectClient({ apiKey: 'phx_x', projectId: 1 }); console.log(typeof m.ProjectClient, typeof c.experiments.list, c.surveys.constructor.name)"],
      { cwd: root, encoding: 'utf8' },
    )
    expect(out.trim()).toBe('function function Surveys')
  })

  it('a CommonJS require of dist exposes ProjectClient', () => {
    const out = execFileSync(
      process.execPath,
      ['-e', "const m = require('./dist/index.cjs'); const e = new m.NotFoundError({ status: 404, body: undefined, headers: new Headers(), method: 'GET', url: 'u' }); console.log(typeof m.ProjectClient, e instanceof m.ApiError, Object.keys(m.OPERATIONS).length)"],
      { cwd: root, encoding: 'utf8' },
    )
    expect(out.trim()).toBe('function true 64')
  })

  // A client whose fetch answers an experiment with a string id: zod must be loaded to say why it fails.
  const failingRetrieve = `const c = new m.ProjectClient({ apiKey: 'phx_x', projectId: 1, rateLimit: false, fetch: async () => Response.json({ id: 'seven', name: 'x' }) });
    const error = await c.experiments.retrieve(7).catch((e) => e);
    console.log(error instanceof m.ResponseValidationError, JSON.stringify(error.issues.map((issue) => [issue.path.join('.'), issue.expected])))`

  it.each([
    ['ESM', ['--input-type=module', '-e', `const m = await import('./dist/index.js'); ${failingRetrieve}`]],
    ['CommonJS', ['-e', `(async () => { const m = require('./dist/index.cjs'); ${failingRetrieve} })()`]],
  ])('%s: a response that fails its check loads zod and reports its issues', (_format, args) => {
    const out = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' })
    const [isValidationError, issues] = out.trim().split(' ')
    expect(isValidationError).toBe('true')
    expect(JSON.parse(issues!)).toContainEqual(['id', 'number'])
  })

  it('ESM: zod is in a chunk of its own, which the entry imports only on demand', () => {
    const entry = readFileSync(`${root}dist/index.js`, 'utf8')
    const staticChunks = [...entry.matchAll(/from '\.\/(chunk-[\w-]+\.js)'/g)].map((match) => match[1]!)
    const zodChunks = readdirSync(`${root}dist`).filter((file) => /^zod-parse-[\w-]+\.js$/.test(file))
    expect(zodChunks).toHaveLength(1)
    // zod's core sets this global config on load: present in its chunk, absent from what the entry loads up front.
    const marker = '__zod_globalConfig'
    expect(readFileSync(`${root}dist/${zodChunks[0]}`, 'utf8')).toContain(marker)
    for (const file of ['index.js', ...staticChunks]) expect(readFileSync(`${root}dist/${file}`, 'utf8'), file).not.toContain(marker)
    expect(entry).toContain(`import('./${zodChunks[0]}')`)
  })

  it('ESM: what experiment results and the survey responses fallback compute is a chunk loaded on demand', () => {
    const entry = readFileSync(`${root}dist/index.js`, 'utf8')
    const readsChunks = readdirSync(`${root}dist`).filter((file) => /^reads-[\w-]+\.js$/.test(file))
    expect(readsChunks).toHaveLength(1)
    expect(readFileSync(`${root}dist/${readsChunks[0]}`, 'utf8')).toContain('uniqueSurveySubmissionsFilter')
    expect(entry).not.toContain('uniqueSurveySubmissionsFilter')
    expect(entry).toContain(`import('./${readsChunks[0]}')`)
  })
})
