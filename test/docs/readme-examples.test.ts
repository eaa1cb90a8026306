import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ProjectClient } from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'

/**
 * The README's examples of the project graph run against the fake, which answers as the service does
 * (docs/service-behaviour.md §11): an example the service would refuse fails here.
 */

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8')
const SECTIONS = ['Feature flags, cohorts and actions']

/** The TypeScript snippets of a `## ` section, with the README line each starts on. */
function snippetsOf(section: string): Array<{ line: number; code: string }> {
  const lines = README.split('\n')
  const start = lines.indexOf(`## ${section}`)
  const found: Array<{ line: number; code: string }> = []
  for (let index = start + 1; index < lines.length && !lines[index]!.startsWith('## '); index++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[index]!)) continue
    let end = index + 1
    while (lines[end] !== '```') end++
    found.push({ line: index + 2, code: lines.slice(index + 1, end).join('\n') })
    index = end
  }
  return found
}

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<void>

describe.each(SECTIONS)('README "%s"', (section) => {
  const snippets = snippetsOf(section)

  it('has examples', () => expect(snippets.length).toBeGreaterThan(0))

  it.each(snippets.map((snippet) => [snippet.line, snippet.code] as const))(
    'the example at line %i runs on the fake',
    async (_line, code) => {
      const fake = createFakeApi()
      const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
      const { outputText } = ts.transpileModule(code, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      })
      const quiet = { log: () => undefined }
      await expect(new AsyncFunction('client', 'console', outputText)(client, quiet)).resolves.toBeUndefined()
    },
  )
})
