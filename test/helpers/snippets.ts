import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { setupServer } from 'msw/node'
import { vi } from 'vitest'
import type { FakeApi } from 'posthog-project-client/testing'
import { mswHandlers } from 'posthog-project-client/testing/msw'

/** What code run by `runAgainstFake` wrote: console.log and console.error lines, and console.debug lines apart. */
export interface Output {
  printed: string[]
  logged: string[]
}

/**
 * Runs documented code as a user runs it: `fake` answers every request (msw, as the README's testing section
 * does; a request it does not serve fails), the environment holds `env` (`undefined`: unset), and the console
 * is captured. Everything is restored afterwards, also when `run` fails.
 */
export async function runAgainstFake(
  fake: FakeApi,
  env: Record<string, string | undefined>,
  run: () => Promise<void>,
): Promise<Output> {
  const server = setupServer(...mswHandlers(fake))
  server.listen({ onUnhandledRequest: 'error' })
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  const output: Output = { printed: [], logged: [] }
  const line =
    (lines: string[]) =>
    (...args: unknown[]) =>
      void lines.push(args.map(String).join(' '))
  vi.spyOn(console, 'log').mockImplementation(line(output.printed))
  vi.spyOn(console, 'error').mockImplementation(line(output.printed))
  vi.spyOn(console, 'debug').mockImplementation(line(output.logged))
  try {
    await run()
  } finally {
    server.close()
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  }
  return output
}

/** Writes `code` as a module of its own (`name` in `dir`) and imports it: its top level runs. */
export function importSnippet(dir: string, name: string, code: string): Promise<unknown> {
  const file = join(dir, name)
  writeFileSync(file, `${code}\nexport {}\n`)
  return import(pathToFileURL(file).href)
}
