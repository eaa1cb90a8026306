import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { NAMED_BY, REF_FOLDERS } from '../../src/config/graph.js'
import { kindOps, KIND_NAMES, KINDS } from '../../src/config/kinds.js'

/**
 * A configuration kind is one declaration (src/config/kinds/<kind>.ts): the modules that plan, pull, copy, read and
 * write configurations read its fields and never branch on which kind it is.
 */
const root = resolve(__dirname, '../..')
const KINDS_FOLDER = join(root, 'src/config/kinds')

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(folder, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(folder, entry.name)]
        : [],
  )
}

/** The modules a kind's declaration imports: its own helper code (a flag's payloads, a dashboard's tiles). */
function helpersOfDeclarations(): Set<string> {
  const helpers = new Set<string>()
  for (const file of sources(KINDS_FOLDER)) {
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/from '(\.\.?\/[^']+)\.js'/g))
      helpers.add(resolve(dirname(file), `${path!}.ts`))
  }
  return helpers
}

/** The command that runs hog function tests is about that one kind (and the command line has no declarations). */
const KIND_COMMANDS = [join(root, 'src/cli/test-command.ts')]

describe('configuration kinds', () => {
  it(
    "no module outside a kind's declaration and its helpers " + 'compares anything with a kind or has a case for one',
    () => {
      const names = KIND_NAMES.join('|')
      const branch = new RegExp(`([!=]==\\s*'(${names})'|'(${names})'\\s*[!=]==|case '(${names})')`)
      const helpers = helpersOfDeclarations()
      const found = [...sources(join(root, 'src/config')), ...sources(join(root, 'src/cli'))]
        .filter((file) => !file.startsWith(KINDS_FOLDER) && !helpers.has(file) && !KIND_COMMANDS.includes(file))
        .flatMap((file) =>
          readFileSync(file, 'utf8')
            .split('\n')
            .flatMap((line, index) =>
              branch.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
            ),
        )
      expect(found).toEqual([])
      // The scan sees a branch where there is one.
      expect(branch.test("if (ops.kind === 'experiments') return")).toBe(true)
    },
  )

  it('a $ref names the folder of each kind with a singular, and every declared reference names one of them', () => {
    expect(Object.values(REF_FOLDERS).sort()).toEqual(
      KINDS.filter((ops) => ops.singular !== undefined)
        .map((ops) => ops.kind)
        .sort(),
    )
    for (const ops of KINDS)
      for (const spot of ops.references)
        for (const field of spot.fields) expect(REF_FOLDERS[kindOps(field.target).folder]).toBe(field.target)
  })

  it('what names each kind is read from the declarations: their references, and an experiment its flag by key', () => {
    expect(NAMED_BY).toEqual({
      actions: ['cohorts', 'savedMetrics', 'hogFunctions', 'surveys', 'experiments', 'insights'],
      cohorts: ['cohorts', 'featureFlags', 'insights'],
      holdouts: ['featureFlags', 'experiments'],
      savedMetrics: ['experiments'],
      featureFlags: ['featureFlags', 'surveys', 'experiments', 'earlyAccessFeatures'],
      insights: ['dashboards'],
    })
  })
})
