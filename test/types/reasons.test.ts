import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { emittedDeclarations } from '../helpers/declarations.js'

/**
 * Each misuse case of test/types/*-misuse.ts is a compile error for the reason its comment gives, not
 * for another one: the files are compiled with their `@ts-expect-error` directives turned into plain
 * comments (under the user-side flags of test/types/tsconfig.json), and the error on the line after each
 * directive must name something the comment names (a field, a value or a type).
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const typesDir = join(root, 'test/types')
const DIRECTIVE = '// @ts-expect-error '
/** Words of a reason that say nothing about the error itself. */
const FILLER = new Set([
  'not',
  'the',
  'and',
  'are',
  'for',
  'has',
  'its',
  'one',
  'any',
  'but',
  'was',
  'can',
  'cannot',
  'into',
  'than',
  'that',
  'this',
  'with',
  'from',
  'only',
  'each',
  'every',
  'needs',
  'need',
  'must',
  'takes',
  'have',
  'does',
  'exist',
  'issue',
  'example',
  'value',
  'values',
  'closed',
  'enum',
  'sent',
  'service',
  'would',
  'field',
  'fields',
  'list',
  'type',
  'kind',
  'none',
  'misspelled',
  'given',
  'object',
  'objects',
  'number',
  'numbers',
  'string',
  'strings',
  'assignable',
])

describe('misuse cases fail for the reason given', () => {
  const files = readdirSync(typesDir).filter((name) => name.endsWith('-misuse.ts'))
  const sources = new Map(files.map((name) => [join(typesDir, name), readFileSync(join(typesDir, name), 'utf8')]))
  const config = ts.getParsedCommandLineOfConfigFile(
    join(typesDir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!
  // Against the declarations the package ships (emitted once and shared: test/helpers/declarations.ts), as
  // `npm run typecheck` compiles the type tests: a user's view, and no second compile of all of src.
  const declarations = emittedDeclarations().dir
  const options: ts.CompilerOptions = {
    ...config.options,
    paths: {
      'posthog-project-client': [join(declarations, 'index.d.ts')],
      'posthog-project-client/testing': [join(declarations, 'testing/index.d.ts')],
    },
  }
  const host = ts.createCompilerHost(options)
  const read = host.readFile.bind(host)
  // The misuse files as a plain program: their directives become ordinary comments.
  host.readFile = (name) =>
    sources.has(name) ? sources.get(name)!.replaceAll(DIRECTIVE, '// expected error: ') : read(name)
  const program = ts.createProgram([...sources.keys(), join(typesDir, 'helpers.ts')], options, host)
  const errors = new Map<string, string[]>()
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (!diagnostic.file || !sources.has(diagnostic.file.fileName)) continue
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
    const key = `${diagnostic.file.fileName}:${line}`
    // What the error points at (a property name or a value), then the message chain.
    const span = diagnostic.file.text.slice(diagnostic.start ?? 0, (diagnostic.start ?? 0) + (diagnostic.length ?? 0))
    errors.set(key, [
      ...(errors.get(key) ?? []),
      `at ${span.replace(/^['"]|['"]$/g, '')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    ])
  }
  const cases = [...sources].flatMap(([file, text]) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        line.trimStart().startsWith(DIRECTIVE)
          ? [{ file, line: index + 1, reason: line.trim().slice(DIRECTIVE.length) }]
          : [],
      ),
  )

  it('counts at least 60 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60)
  })

  it.each(cases.map((item) => [`${item.file.slice(typesDir.length + 1)}:${item.line}`, item] as const))(
    '%s',
    (_label, { file, line, reason }) => {
      const messages = errors.get(`${file}:${line}`) ?? []
      expect(messages, `no compile error on the line after: ${reason}`).not.toEqual([])
      const words = (reason.match(/[\w$:]+/g) ?? [])
        .map((word) => word.replace(/:+$/, ''))
        .filter((word) => word.length >= 3 && !FILLER.has(word.toLowerCase()))
      const text = messages.join('\n').toLowerCase()
      // The reason names the field or value the error points at, or the message names what the reason names.
      const pointedAt = messages
        .map((message) => /^at ([\w$.-]+)/.exec(message)?.[1]?.toLowerCase())
        .filter((word) => word && word.length >= 2)
      const named = [
        ...words.filter((word) => text.includes(word.toLowerCase())),
        ...pointedAt.filter((word) => reason.toLowerCase().includes(word!)),
      ]
      expect(named, `the error does not name what the reason names: ${reason}\n${messages.join('\n')}`).not.toEqual([])
    },
  )

  it('has no error outside the lines that follow a directive', () => {
    const expected = new Set(cases.map(({ file, line }) => `${file}:${line}`))
    expect([...errors.keys()].filter((key) => !expected.has(key))).toEqual([])
  })
})
