import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
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
    expect(out.trim()).toBe('function true 61')
  })
})
