import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * What is released says so everywhere: package.json's version (which the build writes into `--version`:
 * test/cli/behaviour.test.ts runs it) is the CHANGELOG's newest numbered section, and `engines` admits only the Node
 * versions where
 * both builds load (the CommonJS build `require`s the ESM ky: Node 20.19+, 22.12+; not 21, nor 22.0–22.11).
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
const pkg = JSON.parse(read('package.json')) as { version: string; engines: { node: string } }

describe('the release', () => {
  it(
    "package.json's version is the CHANGELOG's newest numbered section, released (dated); unreleased work is " +
      'under Unreleased',
    () => {
      const headings = [...read('CHANGELOG.md').matchAll(/^## (.+)$/gm)].map((match) => match[1]!)
      const numbered = headings.find((heading) => /^\[?\d+\.\d+\.\d+/.test(heading))!
      expect(numbered).toMatch(new RegExp(`^\\[${pkg.version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`))
      expect(headings.slice(0, headings.indexOf(numbered)).every((heading) => heading === '[Unreleased]')).toBe(true)
      expect(pkg.version).toBe('0.4.0')
    },
  )

  it('engines admits 20.19+ and 22.12+ only', () => {
    expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0')
    expect(read('scripts/test-runtimes.sh')).toMatch(/for version in 20\.19 22\.12 /)
  })
})
