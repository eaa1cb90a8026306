import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { buildFolder, cachedBuild } from './build-cache.js'

/**
 * The shared build's lock can't leave a worker waiting: a lock whose process is gone is taken over at
 * once, and a wait for a live one ends at its bound with an error naming the lock.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const name = `lock-test-${process.pid}`
const inputDir = join('.tmp', name)
const input = join(inputDir, 'input.txt')

/** A build of `name` from an input with this text, and how many times its build ran. */
function setUp(text: string) {
  mkdirSync(join(root, inputDir), { recursive: true })
  writeFileSync(join(root, input), text)
  const dir = buildFolder(name, [input])
  let builds = 0
  const build = (options?: { maxWaitMs: number }) =>
    cachedBuild(
      name,
      [input],
      (out) => {
        builds++
        writeFileSync(join(out, 'made'), text)
      },
      options,
    )
  return { dir, lock: `${dir}.lock`, build, count: () => builds }
}

/** The id of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!

describe('cachedBuild', () => {
  afterAll(() => {
    rmSync(join(root, inputDir), { recursive: true, force: true })
    const builds = join(root, '.tmp', 'builds')
    for (const entry of readdirSync(builds))
      if (entry.startsWith(`${name}-`)) rmSync(join(builds, entry), { recursive: true, force: true })
  })

  it('builds once for the same inputs, and again for changed ones', () => {
    const first = setUp('once')
    expect(first.build()).toBe(first.dir)
    expect(first.build()).toBe(first.dir)
    expect(first.count()).toBe(1)
    expect(existsSync(first.lock)).toBe(false)
    const changed = setUp('changed')
    expect(changed.dir).not.toBe(first.dir)
    changed.build()
    expect(changed.count()).toBe(1)
  })

  it('takes over at once a lock whose process is gone (killed mid-build)', () => {
    const { dir, lock, build, count } = setUp('dead')
    mkdirSync(lock)
    writeFileSync(join(lock, 'pid'), String(deadPid()))
    expect(build({ maxWaitMs: 60_000 })).toBe(dir)
    expect(count()).toBe(1)
    expect(existsSync(lock)).toBe(false)
  })

  it('takes over a lock left without an owner long ago, not a fresh one', () => {
    const { lock, build, count } = setUp('ownerless')
    mkdirSync(lock)
    expect(() => build({ maxWaitMs: 0 })).toThrow(/waited 0 ms for .*\.lock/)
    const longAgo = new Date(Date.now() - 60_000)
    utimesSync(lock, longAgo, longAgo)
    build({ maxWaitMs: 0 })
    expect(count()).toBe(1)
  })

  it('waits for a live owner, up to its bound, then fails naming the lock', () => {
    const { lock, build, count } = setUp('live')
    mkdirSync(lock)
    writeFileSync(join(lock, 'pid'), String(process.pid))
    expect(() => build({ maxWaitMs: 300 })).toThrow(lock)
    expect(count()).toBe(0)
    rmSync(lock, { recursive: true })
    build({ maxWaitMs: 300 })
    expect(count()).toBe(1)
  })

  it('two processes asking at once: one builds, the other waits for it, both get the build', async () => {
    const { dir } = setUp('two at once')
    const log = join(root, inputDir, 'builds.log')
    // Each process builds slowly (a busy-wait, the build being synchronous), appending its id to the log.
    const script = `
      import { appendFileSync, writeFileSync } from 'node:fs'
      import { cachedBuild } from ${JSON.stringify(join(root, 'test/helpers/build-cache.ts'))}
      const dir = cachedBuild(${JSON.stringify(name)}, [${JSON.stringify(input)}], (out) => {
        appendFileSync(${JSON.stringify(log)}, process.pid + '\\n')
        const until = Date.now() + 300
        while (Date.now() < until);
        writeFileSync(out + '/made', 'yes')
      })
      console.log(dir)`
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root })
        let out = ''
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
        child.once('error', reject)
        child.once('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}`))))
      })
    expect(await Promise.all([run(), run()])).toEqual([dir, dir])
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1)
    expect(readFileSync(join(dir, 'made'), 'utf8')).toBe('yes')
    expect(existsSync(`${dir}.lock`)).toBe(false)
  })

  it('removes old builds of its own name only, not of a name it prefixes', () => {
    const old = setUp('old').dir
    const other = old.replace(`${name}-`, `${name}-code-`)
    for (const dir of [old, other]) {
      mkdirSync(dir, { recursive: true })
      const longAgo = new Date(Date.now() - 60 * 60_000)
      utimesSync(dir, longAgo, longAgo)
    }
    setUp('new').build()
    expect(existsSync(old)).toBe(false)
    expect(existsSync(other)).toBe(true)
    rmSync(other, { recursive: true })
  })
})
