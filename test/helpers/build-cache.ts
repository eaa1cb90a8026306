import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A build several test files need (the command's bundle, the SDK's emitted declarations), made once for a
 * given state of its inputs and shared: the first file to ask builds it into `.tmp/builds/<name>-<hash of
 * the inputs>`, the files asking meanwhile (other workers) wait for it, later runs with unchanged inputs
 * reuse it. A change to any input is a new hash, so a stale build is never used.
 *
 * The wait can't hang: the lock names the process building, and a lock whose process is gone (killed
 * mid-build: out of memory, a cancelled run) is taken over at once; a wait longer than `MAX_WAIT_MS`
 * fails, naming the lock. The wait blocks the worker (the callers build synchronously too), so vitest's own
 * test timeout can't end it: these bounds do.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const builds = join(root, '.tmp', 'builds')
/** A lock without an owner this long after it was made was left by a process killed before writing it. */
const OWNERLESS_LOCK_MS = 30_000
/** The longest wait for another process's build (the slowest build takes a few minutes on a loaded machine). */
const MAX_WAIT_MS = 10 * 60_000
/** A finished build of earlier inputs older than this is removed. */
const OLD_BUILD_MS = 10 * 60_000

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

/** Where `name` built from `inputs` is (or will be). */
export function buildFolder(name: string, inputs: readonly string[]): string {
  return join(builds, `${name}-${hashOf(inputs)}`)
}

/** Blocks the worker for a moment (a synchronous wait: the callers build synchronously too). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Whether a process with this id is running (`kill 0` sends nothing; EPERM: running, another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether the lock was left by a process that is gone (or, without an owner yet, was made long ago). */
function abandoned(lock: string): boolean {
  let owner = Number.NaN
  try {
    owner = Number(readFileSync(join(lock, 'pid'), 'utf8'))
  } catch {
    // not written yet, or the lock is gone
  }
  if (owner > 0) return !running(owner)
  const made = statSync(lock, { throwIfNoEntry: false })?.mtimeMs
  return made !== undefined && Date.now() - made > OWNERLESS_LOCK_MS
}

/**
 * The folder holding `name` built from `inputs`; `build` writes into the folder it is given, and runs only
 * when no finished build of these inputs exists. `maxWaitMs`: how long to wait for another process's build.
 */
export function cachedBuild(
  name: string,
  inputs: readonly string[],
  build: (dir: string) => void,
  { maxWaitMs = MAX_WAIT_MS }: { maxWaitMs?: number } = {},
): string {
  const dir = buildFolder(name, inputs)
  const done = join(dir, '.done')
  const lock = `${dir}.lock`
  mkdirSync(builds, { recursive: true })
  const started = Date.now()
  for (;;) {
    if (existsSync(done)) return dir
    try {
      mkdirSync(lock)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (abandoned(lock)) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() - started > maxWaitMs)
        throw new Error(`waited ${maxWaitMs} ms for ${lock}: remove it if no test run is building`)
      else pause(200)
      continue
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid))
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

/** Removes the finished builds of `name` for earlier inputs (not the one just made, nor one being made). */
function prune(name: string, kept: string): void {
  // `package-<hash>` only: not `package-code-<hash>`, another build's.
  const ofName = new RegExp(`^${name}-[0-9a-f]{16}$`)
  for (const entry of readdirSync(builds)) {
    const path = join(builds, entry)
    if (!ofName.test(entry) || path === kept || existsSync(`${path}.lock`)) continue
    if (Date.now() - statSync(path).mtimeMs > OLD_BUILD_MS) rmSync(path, { recursive: true, force: true })
  }
}
