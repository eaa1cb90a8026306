import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A build several test files need (the command's bundle, the SDK's emitted declarations), made once for a
 * given state of its inputs and shared: the first file to ask builds it into `.tmp/builds/<name>-<hash of
 * the inputs>`, the files asking meanwhile (other workers) wait for it, later runs with unchanged inputs
 * reuse it. A change to any input is a new hash, so a stale build is never used.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const builds = join(root, '.tmp', 'builds')
/** A lock older than this was left by a run that died mid-build. */
const STALE_LOCK_MS = 10 * 60_000

/** The hash of the inputs' contents (files, or folders walked in name order), relative to the root. */
function hashOf(inputs: readonly string[]): string {
  const hash = createHash('sha256')
  const add = (path: string) => {
    const full = join(root, path)
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(join(path, name))
      return
    }
    hash.update(`${path}\0`).update(readFileSync(full)).update('\0')
  }
  for (const input of inputs) add(input)
  return hash.digest('hex').slice(0, 16)
}

/** Blocks the worker for a moment (a synchronous wait: the callers build synchronously too). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * The folder holding `name` built from `inputs`; `build` writes into the folder it is given, and runs only
 * when no finished build of these inputs exists.
 */
export function cachedBuild(name: string, inputs: readonly string[], build: (dir: string) => void): string {
  const dir = join(builds, `${name}-${hashOf(inputs)}`)
  const done = join(dir, '.done')
  const lock = `${dir}.lock`
  mkdirSync(builds, { recursive: true })
  for (;;) {
    if (existsSync(done)) return dir
    try {
      mkdirSync(lock)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true })
      else pause(200)
      continue
    }
    try {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      build(dir)
      writeFileSync(done, '')
      prune(name, dir)
      return dir
    } catch (error) {
      rmSync(dir, { recursive: true, force: true })
      throw error
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}

/** Removes the builds of `name` for earlier inputs (not the one just made, nor one being made). */
function prune(name: string, kept: string): void {
  for (const entry of readdirSync(builds)) {
    const path = join(builds, entry)
    if (!entry.startsWith(`${name}-`) || path === kept || entry.endsWith('.lock') || existsSync(`${path}.lock`))
      continue
    if (Date.now() - statSync(path).mtimeMs > STALE_LOCK_MS) rmSync(path, { recursive: true, force: true })
  }
}
