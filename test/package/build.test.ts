import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { ALL_OPERATIONS } from '../helpers/operations.js'
import { builtPackage } from '../helpers/package-build.js'
import { joined } from '../helpers/regex.js'

const root = new URL('../..', import.meta.url).pathname

describe('the built package', () => {
  /** The build, staged as installed (test/helpers/package-build.ts): its folder, ending in `/`. */
  let built: string
  beforeAll(() => {
    built = `${builtPackage({ declarations: true })}/`
    // The build with declarations takes minutes on a loaded machine, the more with the other worker running.
  }, 300_000)

  it('emits ESM, CommonJS and type declarations for both entry points', () => {
    for (const file of [
      'index.js',
      'index.cjs',
      'index.d.ts',
      'index.d.cts',
      'testing/index.js',
      'testing/index.cjs',
      'testing/index.d.ts',
    ]) {
      expect(existsSync(`${built}dist/${file}`), file).toBe(true)
    }
  })

  it(
    "posthog-project-client/config: ESM, CommonJS and types, on the package's own entry (no second copy of the " +
      'client), not in the main bundle',
    () => {
      for (const file of ['config/index.js', 'config/index.cjs', 'config/index.d.ts', 'config/index.d.cts'])
        expect(existsSync(`${built}dist/${file}`), file).toBe(true)
      expect(readFileSync(`${built}dist/config/index.js`, 'utf8')).toMatch(/from ['"]posthog-project-client['"]/)
      expect(readFileSync(`${built}dist/config/index.js`, 'utf8')).not.toContain('class ProjectClient ')
      expect(readFileSync(`${built}dist/index.js`, 'utf8')).not.toContain('StaleResourceError')
      const script =
        "const m = require('posthog-project-client'); const c = require('posthog-project-client/config'); " +
        "console.log(typeof c.plan, new c.StaleResourceError('surveys', 'a') instanceof m.ProjectClientError)"
      expect(execFileSync(process.execPath, ['-e', script], { cwd: built, encoding: 'utf8' }).trim()).toBe(
        'function true',
      )
    },
  )

  it(
    "posthog-project-client/hog: ESM, CommonJS and types; PostHog's parser and VM imported on first use, in no " +
      'bundle',
    () => {
      for (const file of ['hog/index.js', 'hog/index.cjs', 'hog/index.d.ts', 'hog/index.d.cts'])
        expect(existsSync(`${built}dist/${file}`), file).toBe(true)
      for (const file of ['hog/index.js', 'hog/index.cjs', 'testing/index.js', 'testing/index.cjs']) {
        const code = readFileSync(`${built}dist/${file}`, 'utf8')
        expect(code, file).not.toMatch(/^import .*@posthog\/hog/m)
        expect(code, file).not.toContain('WebAssembly.instantiate')
      }
      for (const file of ['index.js', 'index.cjs'])
        expect(readFileSync(`${built}dist/${file}`, 'utf8'), file).not.toContain('@posthog/hog')
      const script =
        "require('posthog-project-client/hog').compileHog('return 1.0').then((b) => console.log(JSON.stringify(b)))"
      expect(execFileSync(process.execPath, ['-e', script], { cwd: built, encoding: 'utf8' }).trim()).toBe(
        '["_H",1,34,1,38]',
      )
    },
  )

  it('an ESM import of dist exposes ProjectClient', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('./dist/index.js'); const c = new m.ProjectClient({ apiKey: 'phx_x', " +
          'projectId: 1 }); console.log(typeof m.ProjectClient, typeof c.experiments.list, ' +
          'c.surveys.constructor.name)',
      ],
      { cwd: built, encoding: 'utf8' },
    )
    expect(out.trim()).toBe('function function Surveys')
  })

  it('a CommonJS require of dist exposes ProjectClient', () => {
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        "const m = require('./dist/index.cjs'); const e = new m.NotFoundError({ status: 404, body: undefined, " +
          "headers: new Headers(), method: 'GET', url: 'u' }); console.log(typeof m.ProjectClient, e instanceof " +
          'm.ApiError, Object.keys(m.OPERATIONS).length)',
      ],
      { cwd: built, encoding: 'utf8' },
    )
    expect(out.trim()).toBe(`function true ${ALL_OPERATIONS.length}`)
  })

  // A client whose fetch answers an experiment with a string id: zod says why it fails.
  const failingRetrieve = `const c = new m.ProjectClient({
      apiKey: 'phx_x', projectId: 1, rateLimit: false, fetch: async () => Response.json({ id: 'seven', name: 'x' }),
    });
    const error = await c.experiments.retrieve(7).catch((e) => e);
    const issues = error.issues.map((issue) => [issue.path.join('.'), issue.expected]);
    console.log(error instanceof m.ResponseValidationError, JSON.stringify(issues))`

  it.each([
    ['ESM', ['--input-type=module', '-e', `const m = await import('./dist/index.js'); ${failingRetrieve}`]],
    ['CommonJS', ['-e', `(async () => { const m = require('./dist/index.cjs'); ${failingRetrieve} })()`]],
  ])("%s: a response that fails its check is reported with zod's issues", (_format, args) => {
    const out = execFileSync(process.execPath, args, { cwd: built, encoding: 'utf8' })
    const [isValidationError, issues] = out.trim().split(' ')
    expect(isValidationError).toBe('true')
    expect(JSON.parse(issues!)).toContainEqual(['id', 'number'])
  })

  it("holds no copy of zod but the command line's: every entry a user imports uses the installed one", () => {
    // zod's core sets this global config on load: a bundled copy of zod would carry it.
    const marker = '__zod_globalConfig'
    const command = ['cli.cjs', 'cli-shapes.cjs']
    const files = readdirSync(`${built}dist`, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.c?js$/.test(file) && !command.includes(file),
    )
    for (const file of files) expect(readFileSync(`${built}dist/${file}`, 'utf8'), file).not.toContain(marker)
    // The command exports no schema: its checks' file carries the parts of zod they use, and it never loads the
    // installed CommonJS zod.
    const [cli, shapes] = command.map((file) => readFileSync(`${built}dist/${file}`, 'utf8'))
    expect(cli).not.toContain(marker)
    expect(shapes).toContain(marker)
    for (const text of [cli, shapes]) expect(text).not.toMatch(/require\(['"]zod/)
    expect(readFileSync(`${built}dist/index.js`, 'utf8')).toMatch(/from ['"]zod\/mini['"]/)
    expect(readFileSync(`${built}dist/index.cjs`, 'utf8')).toMatch(/require\(['"]zod\/mini['"]\)/)
  })

  it.each([
    [
      'ESM',
      ['--input-type=module'],
      `const m = await import('./dist/index.js'); const z = await import('zod/mini'); const core = await ` +
        `import('zod/v4/core');`,
    ],
    [
      'CommonJS',
      [],
      `const m = require('./dist/index.cjs'); const z = require('zod/mini'); const core = require('zod/v4/core');`,
    ],
  ])("%s: the exported schemas are zod schemas the user's zod parses with", (_format, flags, imports) => {
    const script = `${imports}
      const body = { id: 7, name: 'Checkout', feature_flag_key: 'checkout', start_date: null, end_date: null,
        archived: false, created_at: '2026-01-01T00:00:00Z', extra: 1 };
      console.log(JSON.stringify([
        core.parse(m.experimentSchema, body).extra,
        m.experimentSchema.safeParse({ ...body, id: 'x' }).success,
        z.safeParse(m.surveySchema, {}).success,
      ]))`
    const out = execFileSync(process.execPath, [...flags, '-e', script], { cwd: built, encoding: 'utf8' })
    expect(JSON.parse(out)).toEqual([1, false, false])
  })

  it('the published declarations name nothing zod marks @internal', () => {
    const internal = zodInternalNames()
    expect(internal).toContain('$ZodTypeInternals')
    const declarations = readdirSync(`${built}dist`, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.d\.c?ts$/.test(file),
    )
    expect(declarations.length).toBeGreaterThan(3)
    for (const file of declarations) {
      const text = readFileSync(`${built}dist/${file}`, 'utf8')
      // A qualified reference to zod's types (`z.X`, `z.core.X`, `core.X`), or a reach into a schema's internals.
      const named = [...text.matchAll(/\b(?:z\.core|core|z)\.([$\w]+)/g)].map((match) => match[1]!)
      expect(
        named.filter((name) => internal.has(name)),
        file,
      ).toEqual([])
      expect(text, file).not.toMatch(/\b_zod\b|\boptout\b/)
    }
  })

  it('ESM: what experiment results and the survey responses fallback compute is a chunk loaded on demand', () => {
    const entry = readFileSync(`${built}dist/index.js`, 'utf8')
    const readsChunks = readdirSync(`${built}dist`).filter((file) => /^derived-[\w-]+\.js$/.test(file))
    expect(readsChunks).toHaveLength(1)
    expect(readFileSync(`${built}dist/${readsChunks[0]}`, 'utf8')).toContain('uniqueSurveySubmissionsFilter')
    expect(entry).not.toContain('uniqueSurveySubmissionsFilter')
    expect(entry).toContain(`import('./${readsChunks[0]}')`)
  })
})

/** Every name zod's own declarations mark `@internal` (the declaration right after such a comment). */
function zodInternalNames(): Set<string> {
  const names = new Set<string>()
  const folder = `${root}node_modules/zod/v4`
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.d.ts'),
  )) {
    const text = readFileSync(`${folder}/${file}`, 'utf8')
    for (const match of text.matchAll(
      joined(
        /\/\*\*(?:(?!\*\/)[\s\S])*@internal(?:(?!\*\/)[\s\S])*\*\/\s*(?:export\s+)?(?:declare\s+)?/,
        /(?:interface\s+|type\s+|const\s+|function\s+|class\s+|readonly\s+)?([$\w]+)/g,
      ),
    )) {
      names.add(match[1]!)
    }
  }
  return names
}
