import { describe, expect, it } from 'vitest'
import { compileHog, runHog } from 'posthog-project-client/hog'

const run = async (source: string, options: Parameters<typeof runHog>[1] = {}) =>
  runHog(await compileHog(source), options)

describe('runHog [R1] [R4] [R8]', () => {
  it('collects print as info logs, formatted as the VM prints, arguments joined by a space', async () => {
    const result = await run("print('hi', {'a': 1}, [1, 2.5], null, true); return 1 + 2")
    expect(result).toEqual({
      result: 3,
      logs: [{ level: 'info', message: "hi {'a': 1} [1, 2.5] null true" }],
      calls: [],
      error: null,
    })
  })

  it('[R8] records fetch with the executor defaults and answers it 200 {} without a handler', async () => {
    const result = await run("let res := fetch('https://example.test/a', {'body': {'n': 1}}); return res.status")
    expect(result.result).toBe(200)
    expect(result.calls).toEqual([
      {
        url: 'https://example.test/a',
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: { n: 1 },
      },
    ])
  })

  it('[R8] answers fetch with the given handler; non-string headers are dropped', async () => {
    const seen: string[] = []
    const result = await run(
      "let res := fetch('https://example.test/b', {'method': 'PUT', 'headers': {'X': 'y', 'N': 1}}); return " +
        'res.body.ok',
      {
        fetch: async (url, options) => {
          seen.push(`${options.method} ${url}`)
          return { status: 201, body: { ok: 'yes' } }
        },
      },
    )
    expect(seen).toEqual(['PUT https://example.test/b'])
    expect(result.result).toBe('yes')
    expect(result.calls[0]?.headers).toEqual({ X: 'y' })
  })

  it('[R1] stops an endless loop at the time limit and a runaway allocation at the memory limit', async () => {
    const endless = await run('while (true) { }', { timeoutMs: 50 })
    expect(endless.error).toMatch(/^Execution timed out after 0.05 seconds/)
    const growing = await run("let a := 'x'; while (true) { a := concat(a, a) }", { memoryLimitBytes: 1024 * 1024 })
    expect(growing.error).toMatch(/^Memory limit of 1048576 bytes exceeded/)
  })

  it('[R4] unknown globals and functions fail at run time; a thrown error is reported with its type', async () => {
    expect((await run('return foo.bar')).error).toBe('Global variable not found: foo.bar')
    expect((await run('return nope(1)')).error).toBe('Unsupported function call: nope')
    expect((await run("throw Error('boom')")).error).toBe('Error: boom')
    expect((await run('return event.properties.x', { globals: { event: { properties: { x: 'v' } } } })).result).toBe(
      'v',
    )
  })

  it('gives the VM a regex engine (inline flags as RE2 takes them) and, on Node, crypto', async () => {
    const result = await run("return [match('Abc', '(?i)abc'), 'abc' =~ 'b', sha256Hex('x')]")
    expect(result.result).toEqual([true, true, '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'])
  })
})
