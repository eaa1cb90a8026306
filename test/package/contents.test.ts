import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * What a user who installed the package can follow: the files the README links and the type hovers cite
 * are in the tarball, the scripts of the repository are marked as such, and the version has its
 * CHANGELOG section.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const README = readFileSync(join(root, 'README.md'), 'utf8')
const CHANGELOG = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }

/** The paths `npm pack` would put in the tarball (dist/ only when built, so it is not asked about here). */
function packedFiles(): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const [pack] = JSON.parse(output) as Array<{ files: Array<{ path: string }> }>
  return pack!.files.map((file) => file.path)
}

describe('the package', () => {
  it('ships every file the README links and the doc comments cite', { timeout: 60_000 }, () => {
    const packed = new Set(packedFiles())
    const linked = [...README.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
    expect(linked).toEqual(
      expect.arrayContaining(['examples/quickstart.ts', 'docs/service-behaviour.md', 'CHANGELOG.md']),
    )
    // The sources cite the fact sheet by section; their comments are the hovers of the shipped `.d.ts`.
    const cited = ['docs/service-behaviour.md']
    expect(readFileSync(join(root, 'src/core/rate-limit.ts'), 'utf8')).toContain('docs/service-behaviour.md §1.7')
    expect([...new Set([...linked, ...cited])].filter((file) => !packed.has(file))).toEqual([])
  })

  it('the README marks the commands that only run in a clone of the repository', () => {
    const beforeDevelopment = README.slice(0, README.indexOf('\n## Development'))
    const blocks = beforeDevelopment.split(/\n\s*\n/)
    const unmarked = blocks
      .map((block, index) => ({ block, previous: blocks[index - 1] ?? '' }))
      .filter(({ block }) => /\bnpm (run|test|ci)\b/.test(block))
      .filter(({ block, previous }) => !/repository/.test(block) && !/repository/.test(previous))
      .map(({ block }) => block.split('\n').find((line) => /\bnpm (run|test|ci)\b/.test(line)))
    expect(unmarked).toEqual([])
  })

  it('the version of package.json has its section in the CHANGELOG, the newest one', () => {
    const sections = [...CHANGELOG.matchAll(/^## \[([^\]]+)\]/gm)].map((match) => match[1])
    // Keep a Changelog: what is not released yet stands in one `[Unreleased]` section, above every version.
    const versions = sections[0] === 'Unreleased' ? sections.slice(1) : sections
    expect(versions[0]).toBe(manifest.version)
    expect(versions).not.toContain('Unreleased')
    expect(versions).toContain('0.2.0')
    expect(versions).toContain('0.1.0')
  })
})
