import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseCommandLine } from '../../src/cli/args.js'

/**
 * README's "Command line" examples can't rot: every `npx -p posthog-project-client posthog-project …` line
 * there parses; and no snippet anywhere runs `npx` on the command's name alone, which would fetch another
 * npm package (`posthog-project`) and run it with the API key in its environment.
 */

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

const NPX = 'npx -p posthog-project-client posthog-project'
const commands = [...section.matchAll(new RegExp(`^${NPX} (.+)$`, 'gm'))].map((match) => match[1]!).filter((line) => !line.startsWith('<group>'))

/** The fenced code blocks of a markdown text, each with the line it starts on. */
function codeBlocks(markdown: string): Array<{ line: number; code: string }> {
  const blocks: Array<{ line: number; code: string }> = []
  const lines = markdown.split('\n')
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]!.startsWith('```')) continue
    const start = index + 1
    while (++index < lines.length && !lines[index]!.startsWith('```'));
    blocks.push({ line: start + 1, code: lines.slice(start, index).join('\n') })
  }
  return blocks
}

/** An `npx` that runs `posthog-project` without naming the package (`-p`/`--package`) that holds it. */
function bareNpx(code: string): string[] {
  return code
    .split('\n')
    .filter((line) => /\bnpx\b/.test(line) && /\bposthog-project(?![-\w])/.test(line))
    .filter((line) => !/\bnpx\s+(?:-y\s+|--yes\s+)?(?:-p|--package)[\s=]posthog-project-client(?:@\S+)?\s+posthog-project\b/.test(line))
}

describe('README: npx names the package', () => {
  it('finds the bare form (the check itself)', () => {
    expect(bareNpx('npx posthog-project surveys list')).toHaveLength(1)
    expect(bareNpx('npx --yes posthog-project --help')).toHaveLength(1)
    expect(bareNpx('  x=$(npx posthog-project experiments list)')).toHaveLength(1)
    expect(bareNpx(`${NPX} surveys list`)).toEqual([])
    expect(bareNpx('npx --package=posthog-project-client@0.4 posthog-project --help')).toEqual([])
    expect(bareNpx('npm install posthog-project-client && npx tsc')).toEqual([])
  })

  it('no snippet runs npx posthog-project without -p posthog-project-client', () => {
    const bare = codeBlocks(README).flatMap(({ line, code }) => bareNpx(code).map((text) => `README.md:${line}: ${text}`))
    expect(bare).toEqual([])
    // Inline code too: `npx -p posthog-project-client posthog-project --help`.
    expect([...README.matchAll(/`([^`\n]*\bnpx\b[^`\n]*)`/g)].flatMap((match) => bareNpx(match[1]!))).toEqual([])
  })
})

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
