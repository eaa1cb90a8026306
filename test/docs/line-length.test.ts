import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Prettier (`.prettierrc.json`) lays code out within its print width, but leaves strings, comments and regular
 * expressions as they are: those are split by hand, and this test holds every hand-written file to the width.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const WIDTH = (JSON.parse(readFileSync(join(ROOT, '.prettierrc.json'), 'utf8')) as { printWidth: number }).printWidth
const FOLDERS = ['src', 'test', 'scripts', 'bench', 'examples']

/** What Prettier leaves alone (`.prettierignore`): the files `npm run generate` writes, and test fixtures (data). */
const IGNORED = readFileSync(join(ROOT, '.prettierignore'), 'utf8')
  .split('\n')
  .filter((line) => /^(src|test|scripts|bench|examples)\//.test(line))

function handWritten(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name).split('\\').join('/'))
    .filter((path) => /\.(ts|mts|mjs)$/.test(path))
    .filter((path) => !IGNORED.some((ignored) => path === ignored || path.startsWith(`${ignored}/`)))
}

describe('line length', () => {
  it(`no hand-written line is longer than the print width (${WIDTH})`, () => {
    const over = FOLDERS.flatMap(handWritten).flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          line.length > WIDTH ? [`${relative('.', path)}:${index + 1} (${line.length})`] : [],
        ),
    )
    expect(over).toEqual([])
  })
})
