import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from 'posthog-project-client'
import * as testing from 'posthog-project-client/testing'
import { OPERATIONS, type OperationId } from '../../src/core/operations.js'
import { emittedDeclarations } from '../helpers/declarations.js'
import { scopeTables, wireLine } from '../helpers/docs.js'
import { SDK_METHODS } from '../helpers/operations.js'
import { importSnippet, runAgainstFake } from '../helpers/snippets.js'

/**
 * The docs can't rot: each resource method's doc comment names its operation's wire path and scope, the
 * README's scope tables are OPERATIONS, its error table lists every error class, its TypeScript snippets
 * type-check against src, and the quickstart runs against the fake.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const README = readFileSync(join(root, 'README.md'), 'utf8')

interface Snippet {
  /** 1-based line of the README where the code starts. */
  line: number
  code: string
  /** The `## ` section it is in. */
  section: string
}

function snippets(): Snippet[] {
  const found: Snippet[] = []
  const lines = README.split('\n')
  let section = ''
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    if (line.startsWith('## ')) section = line.slice(3)
    if (!/^```(ts|typescript)\s*$/.test(line)) continue
    const start = index + 1
    let end = start
    while (end < lines.length && lines[end] !== '```') end++
    found.push({ line: start + 1, code: lines.slice(start, end).join('\n'), section })
    index = end
  }
  return found
}

describe('doc comments of the resource methods', () => {
  // A group's methods are in its resource class and the class it extends, generated from src/api: one file name in both
  // folders.
  const files = ['src/resources', 'src/resources/generated'].flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => ({ folder, name })),
  )
  const methods: Array<{ file: string; name: string; doc: string; operation: OperationId | undefined }> = []
  for (const { folder, name: file } of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(root, folder, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    )
    // The plain five a group takes from `CrudResource` are declared, typed and documented, by its interface.
    const group = file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node) && folder.endsWith('generated') && node.name.text.endsWith('Operations')) {
        for (const member of node.members) {
          if (!ts.isMethodSignature(member) || !ts.isIdentifier(member.name)) continue
          const doc = ts
            .getJSDocCommentsAndTags(member)
            .map((comment) => comment.getText())
            .join('\n')
          methods.push({
            file,
            name: member.name.text,
            doc: doc.replace(/^\s*\*\s?/gm, ''),
            operation: `${group}.${member.name.text}` as OperationId,
          })
        }
      }
      if (
        !ts.isClassDeclaration(node) ||
        !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      )
        return
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue
        const doc = ts
          .getJSDocCommentsAndTags(member)
          .map((comment) => comment.getText())
          .join('\n')
        const body = member.body?.getText() ?? ''
        // `_softDelete` (CrudResource) sends the group's update.
        const operation = (/_transport\.(?:request|list)\(\s*'([\w.]+)'/.exec(body)?.[1] ??
          (body.includes('this._softDelete(') ? `${group}.update` : undefined)) as OperationId | undefined
        methods.push({ file, name: member.name.text, doc: doc.replace(/^\s*\*\s?/gm, ''), operation })
      }
    })
  }

  // `toCreateParams` reshapes a resource and sends nothing: it has no wire line, and says so.
  const sending = methods.filter((method) => method.name !== 'toCreateParams')
  const reshaping = methods.filter((method) => method.name === 'toCreateParams')
  /** Methods made of several operations, with the operations their doc comment names. */
  const COMPOSITE: Record<string, OperationId[]> = { 'experiments.ts: results': ['experiments.retrieve', 'query.run'] }

  it(
    'finds every SDK method of the command table: the operations, the softDeletes, the lifecycle helpers and ' +
      'experiments.results',
    () => {
      expect(sending.map((method) => `${method.file}: ${method.name}`)).toHaveLength(SDK_METHODS.length)
      const reached = new Set(sending.map((method) => method.operation).filter(Boolean))
      // The query API is `client.query` (checked below); its status read only follows an unfinished run.
      expect(reached).toEqual(new Set(Object.keys(OPERATIONS).filter((id) => !id.startsWith('query.'))))
      expect(sending.filter((method) => !method.operation).map((method) => `${method.file}: ${method.name}`)).toEqual(
        Object.keys(COMPOSITE),
      )
    },
  )

  /** A doc comment as one line of text (its lines wrapped at the print width). */
  const flowed = (doc: string) => doc.replace(/\s+/g, ' ')

  it('toCreateParams of every group says that it sends nothing', () => {
    const groupFiles = [...new Set(sending.map((method) => method.file))]
    expect(reshaping.map((method) => method.file).sort()).toEqual(groupFiles.sort())
    for (const method of reshaping) expect(flowed(method.doc), method.file).toContain('Sends nothing')
  })

  it.each(sending.map((method) => [`${method.file}: ${method.name}`, method] as const))(
    '%s says what it does, its path and its scope',
    (name, method) => {
      const operations = method.operation ? [method.operation] : COMPOSITE[name]
      expect(operations?.length, 'calls an operation').toBeGreaterThan(0)
      const [summary] = method.doc.replace(/^\/\*\*\s*/, '').split('\n')
      expect(summary?.length, 'a sentence before the wire line').toBeGreaterThan(10)
      for (const operation of operations!) expect(flowed(method.doc)).toContain(wireLine(operation))
    },
  )

  it('client.query says what it sends', () => {
    const source = readFileSync(join(root, 'src/client.ts'), 'utf8')
    const doc = source.slice(source.lastIndexOf('/**', source.indexOf('  query<Row')), source.indexOf('  query<Row'))
    expect(doc.replace(/^\s*\*\s?/gm, '')).toContain(wireLine('query.run'))
  })
})

describe('README', () => {
  it('has the sections a user looks for, in order', () => {
    const headings = [...README.matchAll(/^## (.+)$/gm)].map((match) => match[1])
    const expected = [
      'Install',
      'Authentication and scopes',
      'Quickstart',
      'Pagination',
      'Errors',
      'Retries, timeouts and per-request options',
      '`withResponse()`',
      'Validation and its leniency',
      'Logging',
      'Browser use and `dangerouslyAllowBrowser`',
      'EU and self-hosted hosts',
      'Testing your code with the fake',
      'Supported runtimes',
      'Development',
    ]
    expect(headings.filter((heading) => expected.includes(heading!))).toEqual(expected)
  })

  it('scope tables are OPERATIONS, a row per operation grouped by resource', () => {
    const start = README.indexOf('<!-- scope tables')
    const end = README.indexOf('<!-- end of scope tables -->')
    expect(start).toBeGreaterThan(0)
    const tables = README.slice(README.indexOf('\n', start) + 1, end).trim()
    expect(tables).toBe(scopeTables())
    expect(tables.match(/^\| `\w+\.\w+` \|/gm)).toHaveLength(Object.keys(OPERATIONS).length)
  })

  it('error table lists every error class the package exports', () => {
    const section = README.slice(README.indexOf('## Errors'), README.indexOf('## Retries'))
    const classes = Object.entries(sdk)
      .filter(([, value]) => typeof value === 'function' && value.prototype instanceof sdk.ProjectClientError)
      .map(([name]) => name)
    expect(classes.length).toBeGreaterThanOrEqual(14)
    for (const name of classes) expect(section, name).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'))
  })

  it('development commands are the scripts of package.json', () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts
    const section = README.slice(README.indexOf('## Development'))
    const named = [...section.matchAll(/^npm run ([\w:-]+)/gm)].map((match) => match[1]!)
    for (const name of named) expect(scripts, `npm run ${name}`).toHaveProperty(name)
    // Every script a contributor runs is listed (`typecheck` and `test:watch` are parts of `npm test`).
    const listed = new Set([...named, 'test', 'typecheck', 'test:watch'])
    expect(Object.keys(scripts).filter((name) => !listed.has(name))).toEqual([])
    expect(section).toMatch(/^npm test\b/m)
  })

  describe('TypeScript snippets', () => {
    const dir = join(root, '.tmp', `readme-snippets-${process.pid}`)
    const blocks = snippets()

    beforeAll(() => {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    /** Writes every snippet as a module of its own under `folder`, with the module the msw example imports. */
    function writeSnippets(folder: string): string[] {
      mkdirSync(folder, { recursive: true })
      // The code under test that the msw example of "Testing your code with the fake" imports.
      writeFileSync(
        join(folder, 'conclude-finished.ts'),
        "import type { ProjectClient } from 'posthog-project-client'\nexport declare function " +
          'concludeFinished(client: ProjectClient): Promise<void>\n',
      )
      return blocks.map((block, index) => {
        const file = join(folder, `snippet-${String(index).padStart(2, '0')}-line-${block.line}.ts`)
        writeFileSync(file, withPrelude(block.code))
        return file
      })
    }

    /** The diagnostics of the snippet files, as `README.md:<line>: <message>`. */
    function problemsOf(program: ts.Program, files: string[]): string[] {
      // Only the snippets are checked (what they use of src is resolved as needed), not all of src again.
      return files
        .flatMap((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)))
        .filter((diagnostic) => diagnostic.file && files.includes(diagnostic.file.fileName))
        .map((diagnostic) => {
          const block = blocks[files.indexOf(diagnostic.file!.fileName)]!
          const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
          const offset =
            diagnostic.file!.text.slice(0, diagnostic.file!.text.indexOf(block.code)).split('\n').length - 1
          return (
            `README.md:${block.line + line - offset}: ` +
            `${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
          )
        })
    }

    const configOf = (file: string, overrides: ts.CompilerOptions = {}) =>
      ts.getParsedCommandLineOfConfigFile(join(root, file), overrides, {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      })!

    it('type-check against src, strict', { timeout: 120_000 }, () => {
      expect(blocks.length).toBeGreaterThanOrEqual(12)
      const files = writeSnippets(join(dir, 'src'))
      const program = ts.createProgram(files, { ...configOf('tsconfig.json').options, noEmit: true })
      expect(problemsOf(program, files)).toEqual([])
    })

    // A user's project is stricter than the repository's own: every snippet compiles with the flags of
    // test/types/tsconfig.json (exactOptionalPropertyTypes, noUncheckedIndexedAccess) against the
    // declarations the package ships, emitted the way `npm run typecheck` emits them for test/types.
    // The declarations' emit (shared with hovers.test.ts) takes minutes on a loaded machine.
    it(
      'type-check as a strict user project: exactOptionalPropertyTypes and noUncheckedIndexedAccess, against ' +
        'the declarations',
      { timeout: 300_000 },
      () => {
        const { dir: declarations, diagnostics } = emittedDeclarations()
        expect(diagnostics).toEqual([])
        const files = writeSnippets(join(dir, 'user'))
        const { options } = configOf('test/types/tsconfig.json')
        expect(options).toMatchObject({
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        })
        const program = ts.createProgram(files, {
          ...options,
          noEmit: true,
          paths: {
            'posthog-project-client': [join(declarations, 'index.d.ts')],
            'posthog-project-client/testing': [join(declarations, 'testing/index.d.ts')],
            'posthog-project-client/testing/msw': [join(declarations, 'testing/msw.d.ts')],
            'posthog-project-client/config': [join(declarations, 'config/index.d.ts')],
            'posthog-project-client/hog': [join(declarations, 'hog/index.d.ts')],
          },
        })
        expect(problemsOf(program, files)).toEqual([])
      },
    )

    it('the quickstart runs as written against the fake', async () => {
      const quickstart = blocks.find((block) => block.section === 'Quickstart')
      expect(quickstart?.code).toContain('new ProjectClient(')
      const fake = testing.createFakeApi({ projectId: 12345 })
      const seeded = fake.seed.experiments(3)
      const { printed } = await runAgainstFake(fake, { POSTHOG_PERSONAL_API_KEY: fake.apiKey }, async () => {
        await importSnippet(dir, 'quickstart.ts', quickstart!.code)
      })
      // Every experiment (newest first), then the soft-deleted one no longer found.
      expect(printed.slice(0, -1).sort()).toEqual(
        seeded.map((experiment) => `${experiment.id} ${experiment.name} null`).sort(),
      )
      expect(printed.at(-1)).toBe('gone')
      const created = [...fake.state.experiments.values()].find((experiment) => experiment.name === 'New checkout')
      expect(created).toMatchObject({
        feature_flag_key: 'new-checkout',
        conclusion: 'won',
        conclusion_comment: 'Clear win',
        deleted: true,
      })
    })

    it('the snippets of the client sections run against the fake, and print what the README says', async () => {
      const runnable = blocks.filter((block) =>
        [
          'Authentication and scopes',
          'Resource groups',
          'Pagination',
          'Errors',
          'Retries, timeouts and per-request options',
          '`withResponse()`',
          'Validation and its leniency',
          'Logging',
          'EU and self-hosted hosts',
        ].includes(block.section),
      )
      expect(runnable.length).toBeGreaterThanOrEqual(8)
      const fake = testing.createFakeApi({ projectId: 12345, pageSize: 7 })
      fake.seed.experiments(30)
      fake.seed.surveys(12)
      fake.seed.eventDefinitions(130)
      fake.seed.featureFlags(25)
      const webhook = {
        inputs_schema: [
          { key: 'url', type: 'string', label: 'URL', required: true, secret: false, hidden: false },
          { key: 'token', type: 'string', label: 'Token', required: false, secret: true, hidden: false },
        ],
      }
      fake.seed.hogFunctions([
        {
          ...webhook,
          name: 'Slack alert',
          inputs: { url: { value: 'https://hooks.example.com/1' }, token: { value: 'sekret' } },
        },
        { ...webhook, name: 'Audit log', inputs: { url: { value: 'https://audit.example.com' } } },
      ])
      const env = { POSTHOG_PERSONAL_API_KEY: fake.apiKey, POSTHOG_PROJECT_ID: '12345', POSTHOG_BASE_URL: undefined }
      const { printed, logged } = await runAgainstFake(fake, env, async () => {
        for (const [index, block] of runnable.entries()) {
          await expect(
            importSnippet(dir, `run-${index}-line-${block.line}.ts`, block.code),
            `README.md:${block.line}`,
          ).resolves.toBeDefined()
        }
      })
      expect(printed).toContain('survey:write')
      // "Resource groups": the slim list, then each hog function in full (its inputs, a secret masked but named).
      expect(printed).toEqual(expect.arrayContaining(['Slack alert: url, token', 'Audit log: url']))
      expect(printed).toContain('30 experiments')
      expect(printed).toContain('200 application/json 10') // withResponse(): the first page, limit 10
      expect(printed).toContain('https://eu.posthog.com https://posthog.internal.example.com')
      // The log lines shown as comments in "Logging" are the ones written.
      const logging = runnable.find((block) => block.section === 'Logging')!
      const shown = [...logging.code.matchAll(/^\/\/ (\[posthog-project-client\] .+)$/gm)].map((match) => match[1])
      expect(shown).toHaveLength(2)
      expect(logged).toEqual(shown)
    })
  })
})

/**
 * A snippet is a module of its own. One with no import statement continues the prose around it: it gets
 * the package's exports it names imported, and `client` / `fake` declared when it uses them undeclared.
 */
function withPrelude(code: string): string {
  if (/^import /m.test(code)) return `${code}\nexport {}\n`
  const prelude: string[] = []
  const uses = (name: string) => new RegExp(`(?<![.\\w])${name}\\b`).test(code)
  const declares = (name: string) => new RegExp(`\\b(const|let|var)\\s+${name}\\b`).test(code)
  const fromSdk = Object.keys(sdk).filter((name) => uses(name) && !declares(name))
  const fromTesting = Object.keys(testing).filter((name) => uses(name) && !declares(name))
  if (uses('client') && !declares('client') && !fromSdk.includes('ProjectClient')) fromSdk.push('ProjectClient')
  if (fromSdk.length) prelude.push(`import { ${fromSdk.join(', ')} } from 'posthog-project-client'`)
  const testingTypes = uses('fake') && !declares('fake') ? ['type FakeApi'] : []
  if (fromTesting.length || testingTypes.length)
    prelude.push(`import { ${[...fromTesting, ...testingTypes].join(', ')} } from 'posthog-project-client/testing'`)
  if (uses('fake') && !declares('fake')) prelude.push('declare const fake: FakeApi')
  if (uses('client') && !declares('client')) prelude.push('declare const client: ProjectClient')
  return `${prelude.join('\n')}\n${code}\nexport {}\n`
}

describe('docs/service-behaviour.md', () => {
  const doc = readFileSync(join(root, 'docs/service-behaviour.md'), 'utf8')
  const sections = new Set([...doc.matchAll(/^#+ (§P?\d[\d.a-z]*)/gm)].map((match) => match[1]!))
  /** The repository's own files that may cite it. */
  const citing = ['src', 'test', 'bench', 'examples', 'scripts']
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)),
    )
    .filter((file) => /\.(ts|mjs|sh)$/.test(file))
    .concat(['README.md', 'RELIABILITY.md', 'BENCHMARKS.md', 'CHANGELOG.md'])

  it('numbers its sections like the contract (§0–§9) and the payload shapes (§P1–§P5)', () => {
    for (const number of [
      '§0',
      '§1.5',
      '§1.6',
      '§1.7',
      '§1.8',
      '§2.2',
      '§3.2',
      '§4.2',
      '§5.2',
      '§6.3',
      '§7.2',
      '§8',
      '§9',
    ])
      expect(sections).toContain(number)
    for (const number of ['§P1.4', '§P1.9', '§P2.3', '§P2.6', '§P3.4', '§P3.5', '§P4.1', '§P4.5', '§P5'])
      expect(sections).toContain(number)
  })

  it('has every section that the repository cites', () => {
    const cited = citing.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/service-behaviour\.md (§P?\d[\d.a-z]*\d|§P?\d)/g)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    )
    expect(cited.length).toBeGreaterThan(10)
    expect(cited.filter((citation) => !sections.has(citation.split(': ')[1]!))).toEqual([])
  })

  it('is what the source, tests, benches, examples and docs cite: nothing points outside the repository', () => {
    const outside = citing.filter((file) =>
      /api-contract\.md|payload-shapes\.md|api-spec\.md|public-api\.md|\.\.\/shared|\/work\/shared/.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    )
    expect(outside).toEqual([])
  })
})

describe("README's first screen", () => {
  const firstScreen = README.slice(0, README.indexOf('\n## '))

  it('says what the package is: an SDK, a command line and configuration as code, on ky, zod, yaml and diff', () => {
    expect(firstScreen).toMatch(/\*\*An SDK\*\*/)
    expect(firstScreen).toMatch(/\*\*A command line\*\*, `posthog-project`/)
    expect(firstScreen).toMatch(/\*\*Configuration as code\*\*/)
    expect(firstScreen).toContain('Runtime dependencies:\n`ky`, `zod`, `yaml` and `diff`.')
  })

  it('one line to see it work and one to test it, with how long the tests take, and npm ci once', () => {
    const setup = /```sh\n([\s\S]*?)```/.exec(firstScreen)![1]!
    expect(setup.match(/npm ci/g)).toHaveLength(1)
    expect(setup).toMatch(/^npm run demo\s+# see it work/m)
    expect(setup).toMatch(/^npm test\s+# .*minutes measured on a .*2-core machine/m)
  })

  it('has a table of contents listing every section, in order, each link an anchor that exists', () => {
    const anchor = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-')
    const headings = [...README.matchAll(/^## (.+)$/gm)].map((match) => match[1]!)
    const contents = [...firstScreen.matchAll(/^- \[(.+)\]\(#([^)]+)\)$/gm)].map((match) => ({
      text: match[1]!,
      target: match[2]!,
    }))
    expect(contents.map((entry) => entry.text)).toEqual(headings)
    expect(contents.map((entry) => entry.target)).toEqual(headings.map(anchor))
  })
})
