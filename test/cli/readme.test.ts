import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseCommandLine } from '../../src/cli/args.js'

/** README's "Command line" examples can't rot: every `npx posthog-project …` line there parses. */

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const section = README.slice(README.indexOf('## Command line'), README.indexOf('\n## ', README.indexOf('## Command line') + 1))

/** The words of a shell command line: double quotes with `\"` escapes, single quotes, `$(…)` and `$var` as one word; stops at a redirect or a comment. */
function shellWords(line: string): string[] {
  const words: string[] = []
  for (const match of line.matchAll(/"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g)) {
    if (match[3]?.startsWith('>') || match[3]?.startsWith('#')) break
    if (match[2] !== undefined) words.push(match[2])
    else words.push(match[1] === undefined ? match[3]! : match[1].replace(/\\"/g, '"').replace(/\$now/g, '2026-11-23T20:00:00Z'))
  }
  return words
}

const commands = [...section.matchAll(/^npx posthog-project (.+)$/gm)].map((match) => match[1]!).filter((line) => !line.startsWith('<group>'))

describe('README: Command line', () => {
  it('shows a CI step and a nightly export', () => {
    expect(section).toContain('--all --format ndjson')
    expect(commands.length).toBeGreaterThanOrEqual(5)
  })

  it.each(commands)('posthog-project %s', async (line) => {
    const parsed = await parseCommandLine(shellWords(line))
    expect(['call', 'query']).toContain(parsed.kind)
    if ((parsed.kind === 'call' || parsed.kind === 'query') && parsed.data !== undefined) expect(() => JSON.parse(parsed.data!)).not.toThrow()
    if (parsed.kind === 'query' && parsed.values !== undefined) expect(() => JSON.parse(parsed.values!)).not.toThrow()
  })
})
