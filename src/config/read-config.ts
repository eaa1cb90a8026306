import { extname, join, resolve } from 'node:path'
import {
  isMap,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node as YamlNode,
} from 'yaml'
import { InvalidArgumentError } from 'posthog-project-client'
import { closest } from '../core/closest.js'
import { pathKey, withSource } from './sources.js'
import { normalizationProblems } from './normalized.js'
import { checkShape } from '../requests/check.js'
import { isPlainObject } from './diff.js'
import { refProblems, refsAsPlaceholders } from './graph.js'
import { ConfigError, type ConfigProblem } from './errors.js'
import { hogTestFileShape, withHogTests, testedStem, type HogFunctionTests, type HogTestCase } from './hog-tests.js'
import { entryKind, FolderError, listEntries, readRegularFile, refusal, resolveFolder } from './folder.js'
import { KINDS, specShapeOf, type KindOps, type Resource } from './kinds.js'
import { RENAMED_FROM } from './renames.js'
import type { ProjectConfig } from './types.js'
import { isUnknownMember, unknownMembers } from './unknown-members.js'

export const EXTENSIONS = ['.yaml', '.yml', '.json']

/** Problems listed at most; reading stops once there are this many (a hostile file cannot flood a log). */
export const MAX_PROBLEMS = 100

/** Aliases a file may expand (yaml's own default), so an alias bomb is a problem, not a stall. */
const MAX_ALIASES = 100

/**
 * YAML tokens a file may have (about 14,000 keys; code and HogQL in a block scalar are one token each):
 * yaml's parser takes about 25 µs a key, so a file of 100k keys is refused from the lexer's count alone.
 */
export const MAX_TOKENS = 100_000

function tooManyTokens(text: string): boolean {
  let count = 0
  for (const _token of new Lexer().lex(text)) if (++count > MAX_TOKENS) return true
  return false
}

/**
 * The specs under `dir`, one a file, each checked in full depth against its kind's create shape. Rejects
 * with {@link ConfigError} listing the problems (file, line, field path) of the files, at most
 * MAX_PROBLEMS. Only regular files inside `dir` are read (see folder.ts); a folder that is not there is a
 * problem too ("no configuration in DIR"), so a mistyped path never reads as an empty project.
 */
export async function readConfig(dir: string): Promise<ProjectConfig> {
  if (typeof dir !== 'string' || dir === '') throw new InvalidArgumentError('dir', 'expected a folder path')
  const root = await resolveFolder(dir).catch((error: unknown) => {
    if (error instanceof FolderError) throw new ConfigError([{ file: dir, line: 0, path: '', message: error.message }])
    throw error
  })
  if (root === undefined)
    throw new ConfigError([
      {
        file: dir,
        line: 0,
        path: '',
        message: `no configuration in ${dir}: the folder does not exist (${resolve(dir)})`,
      },
    ])
  const config: Record<string, Resource[]> = {}
  const tests: HogFunctionTests[] = []
  const problems = new Problems()
  problems.add(...(await strayFolders(root, dir)))
  for (const ops of KINDS) {
    const shown = join(dir, ops.folder)
    const kind = await entryKind(join(root, ops.folder))
    if (kind === 'missing') continue
    if (kind !== 'folder') {
      problems.add({
        file: shown,
        line: 0,
        path: '',
        message: 'a symbolic link or a file where the folder of a kind belongs: not followed',
      })
      continue
    }
    const listed = (await listEntries(join(root, ops.folder))).filter((entry) => !entry.name.startsWith('.'))
    listed.sort((a, b) => (a.name < b.name ? -1 : 1))
    // Hog function tests (`<name>.test.yaml`) stand beside the specs they test, and are never specs.
    const testFiles = ops.hasTests ? listed.filter((entry) => testedStem(entry.name) !== undefined) : []
    const rest = listed.filter((entry) => !testFiles.includes(entry))
    const notSpecs = rest.filter((entry) => !EXTENSIONS.includes(extname(entry.name)))
    const why =
      `not a spec file: ${ops.folder}/ holds only specs (${EXTENSIONS.join(', ')}); move it out of the ` +
      `configuration folder`
    for (const entry of notSpecs) problems.add({ file: join(shown, entry.name), line: 0, path: '', message: why })
    const entries = rest.filter((entry) => EXTENSIONS.includes(extname(entry.name)))
    const keys = new Map<string, string>()
    /** The key of each spec read, by its file's stem (`undefined`: the file has problems of its own). */
    const stems = new Map<string, string | undefined>()
    for (const entry of entries) {
      if (problems.full) break
      const file = join(shown, entry.name)
      const read = await readFile(ops, join(root, ops.folder, entry.name), file, entry)
      problems.add(...read.problems)
      if (read.key !== undefined) {
        const other = keys.get(read.key)
        if (other)
          problems.add({
            file,
            line: read.keyLine,
            path: ops.keyField,
            message: `the same ${ops.keyField} as ${other}`,
          })
        keys.set(read.key, file)
      }
      if (read.problems.length === 0 && read.spec) (config[ops.kind] ??= []).push(read.spec)
      stems.set(entry.name.slice(0, -extname(entry.name).length), read.problems.length === 0 ? read.key : undefined)
    }
    for (const entry of testFiles) {
      if (problems.full) break
      const read = await readTestFile(join(root, ops.folder, entry.name), join(shown, entry.name), entry, stems)
      problems.add(...read.problems)
      if (read.tests) tests.push(read.tests)
    }
  }
  if (problems.list.length > 0) throw new ConfigError(problems.sorted(), problems.full)
  return withHogTests(config as ProjectConfig, tests)
}

const KIND_FOLDERS = KINDS.map((ops) => ops.folder)

/**
 * The folders under the root that are not a kind's (`feature_flags/`): a problem each, never ignored, so that no
 * file is left unapplied by a drift check that passes. Dotfiles and files at the root are not the configuration's.
 */
async function strayFolders(root: string, dir: string): Promise<ConfigProblem[]> {
  const stray = (name: string) => !name.startsWith('.') && !KIND_FOLDERS.includes(name)
  const entries = (await listEntries(root)).filter((entry) => entry.isDirectory() && stray(entry.name))
  const folders = KIND_FOLDERS.map((folder) => `${folder}/`).join(', ')
  return entries.map((entry) => {
    const nearest = closest(entry.name, KIND_FOLDERS)
    const hint = nearest === undefined ? `the kinds' folders are ${folders}` : `did you mean ${nearest}/?`
    return {
      file: join(dir, entry.name),
      line: 0,
      path: '',
      message: `not the folder of a kind, so nothing in it is read: ${hint}`,
    }
  })
}

class Problems {
  readonly list: ConfigProblem[] = []
  get full(): boolean {
    return this.list.length >= MAX_PROBLEMS
  }
  get room(): number {
    return MAX_PROBLEMS - this.list.length
  }
  add(...problems: ConfigProblem[]): void {
    this.list.push(...problems.slice(0, this.room))
  }
  sorted(): ConfigProblem[] {
    return this.list.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))
  }
}

interface ReadSpec {
  spec?: Resource
  key?: string
  keyLine: number
  problems: ConfigProblem[]
}

async function readFile(
  ops: KindOps,
  path: string,
  file: string,
  entry: Parameters<typeof refusal>[0],
): Promise<ReadSpec> {
  const refused = refusal(entry)
  if (refused) return { keyLine: 0, problems: [{ file, line: 0, path: '', message: refused }] }
  const read = await readRegularFile(path)
  if ('problem' in read) return { keyLine: 0, problems: [{ file, line: read.line, path: '', message: read.problem }] }
  try {
    return readSpec(ops, file, read.text)
  } catch (error) {
    // The parser's own limits (nesting deep enough to exhaust the stack): a problem of this file.
    return {
      keyLine: 0,
      problems: [
        { file, line: 0, path: '', message: `cannot be parsed (${(error as Error).name}: nested too deeply?)` },
      ],
    }
  }
}

/**
 * A hog function test file: the cases of the function whose spec file has its stem, each checked against the
 * test shape (hog-tests.ts), every problem at its line.
 */
async function readTestFile(
  path: string,
  file: string,
  entry: Parameters<typeof refusal>[0],
  stems: ReadonlyMap<string, string | undefined>,
): Promise<{ tests?: HogFunctionTests; problems: ConfigProblem[] }> {
  const stem = testedStem(entry.name)!
  if (!stems.has(stem)) {
    const message = `tests of ${JSON.stringify(stem)}, but there is no spec ${stem}.yaml (or .yml, .json) beside it`
    return { problems: [{ file, line: 0, path: '', message }] }
  }
  const refused = refusal(entry)
  if (refused) return { problems: [{ file, line: 0, path: '', message: refused }] }
  const read = await readRegularFile(path)
  if ('problem' in read) return { problems: [{ file, line: read.line, path: '', message: read.problem }] }
  let parsed: Parsed
  try {
    parsed = parseFile(file, read.text)
  } catch (error) {
    return {
      problems: [
        { file, line: 0, path: '', message: `cannot be parsed (${(error as Error).name}: nested too deeply?)` },
      ],
    }
  }
  if ('problems' in parsed) return { problems: parsed.problems }
  const { value, lineOf, lineText } = parsed
  if (!Array.isArray(value)) {
    return {
      problems: [
        { file, line: 1, path: '', message: 'expected a sequence of test cases (- name: …, event: …, expect: …)' },
      ],
    }
  }
  const found = checkShape(hogTestFileShape, value, MAX_PROBLEMS).map(({ path, message }) => {
    const line = lineOf(path)
    return { file, line, path, message: quotedAtMost(message, lineText(line)) }
  })
  const names = new Set<unknown>()
  value.forEach((item: unknown, index) => {
    const name = isPlainObject(item) ? item.name : undefined
    if (names.has(name))
      found.push({
        file,
        line: lineOf(`[${index}].name`),
        path: `[${index}].name`,
        message: 'two cases of one file have this name',
      })
    names.add(name)
  })
  const key = stems.get(stem)
  if (found.length > 0 || key === undefined) return { problems: found }
  return { tests: { function: key, file, cases: value as HogTestCase[] }, problems: [] }
}

/** A file parsed: its value and the line of a field path in it, or its problems. */
type Parsed =
  | { problems: ConfigProblem[] }
  | {
      value: unknown
      lineOf: (path: string) => number
      lineText: (line: number) => string
      /** The line of every field, by path (`SpecSource.lines`). */
      lines: () => Record<string, number>
    }

/** One file's YAML (or JSON) read, in time linear in its size (at most MAX_PROBLEMS line lookups). */
function parseFile(file: string, text: string): Parsed {
  const lines = new LineCounter()
  const jsonProblem = extname(file) === '.json' ? jsonSyntax(file, text) : undefined
  if (jsonProblem) return { problems: [jsonProblem] }
  if (tooManyTokens(text))
    return {
      problems: [
        { file, line: 0, path: '', message: `more than ${MAX_TOKENS} YAML tokens, more than any spec has: not read` },
      ],
    }
  // yaml's own duplicate-key check compares every key with every other: keys are checked here, once each.
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false })
  const lineAtOffset = (offset: number) => lines.linePos(offset).line
  if (document.errors.length > 0) {
    return {
      problems: document.errors
        .slice(0, MAX_PROBLEMS)
        .map((error) => ({ file, line: lineAtOffset(error.pos[0]), path: '', message: error.message.split('\n')[0]! })),
    }
  }
  const duplicates = duplicateKeys(document, lineAtOffset).map((problem) => ({ file, ...problem }))
  if (duplicates.length > 0) return { problems: duplicates }
  let value: unknown
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIASES })
  } catch (error) {
    if (error instanceof ReferenceError)
      return {
        problems: [{ file, line: 0, path: '', message: `aliases expand too far (more than ${MAX_ALIASES}): not read` }],
      }
    throw error
  }
  const lineOf = (path: string) => lineAt(document.contents as YamlNode | null, path, lineAtOffset)
  const lineText = (line: number) => text.slice(lines.lineStarts[line - 1] ?? 0, lines.lineStarts[line] ?? text.length)
  const table = () => lineTable(document.contents as YamlNode | null, lineAtOffset)
  return { value, lineOf, lineText, lines: table }
}

/** One file's spec and problems. */
function readSpec(ops: KindOps, file: string, text: string): ReadSpec {
  const parsed = parseFile(file, text)
  if ('problems' in parsed) return { keyLine: 0, problems: parsed.problems }
  const { value: spec, lineOf, lineText, lines } = parsed
  if (!isPlainObject(spec))
    return {
      keyLine: 1,
      problems: [{ file, line: 1, path: '', message: 'expected one spec (a mapping of fields) in the file' }],
    }
  const { [RENAMED_FROM]: renamedFrom, ...fields } = spec
  // A `$ref` is let through where an id goes (as an id) and nowhere else; its target is checked by `plan`.
  const found = checkShape(specShapeOf(ops), refsAsPlaceholders(ops.kind, fields), MAX_PROBLEMS).map(
    ({ path, message }) => {
      const line = lineOf(path)
      return { file, line, path, message: quotedAtMost(message, lineText(line)) }
    },
  )
  const graphProblems = [...refProblems(ops.kind, fields), ...normalizationProblems(ops.kind, fields)]
  for (const problem of graphProblems)
    found.push({
      file,
      line: lineOf(problem.slice(0, problem.indexOf(':'))),
      path: problem.slice(0, problem.indexOf(':')),
      message: problem.slice(problem.indexOf(':') + 2),
    })
  if (renamedFrom !== undefined && (typeof renamedFrom !== 'string' || renamedFrom === ''))
    found.push({
      file,
      line: lineOf(RENAMED_FROM),
      path: RENAMED_FROM,
      message: `expected the ${ops.keyField} the resource had before (a string)`,
    })
  // Unknown members alone are settled by `plan` against the live resource (src/config/unknown-members.ts);
  // as many as the problem cap are the file's problems at once (a newer service adds a few, not a hundred).
  const deferred = found.length < MAX_PROBLEMS && found.every(isUnknownMember)
  const problems = deferred ? [] : found
  const key = spec[ops.keyField]
  withSource(spec, { file, lines: lines(), unknown: deferred ? unknownMembers(found) : [] })
  return { spec, ...(typeof key === 'string' && { key }), keyLine: lineOf(ops.keyField), problems }
}

/** Keys that appear twice in one mapping, each reported at its second appearance. */
function duplicateKeys(
  document: Document,
  lineAtOffset: (offset: number) => number,
): Array<Omit<ConfigProblem, 'file'>> {
  const problems: Array<Omit<ConfigProblem, 'file'>> = []
  visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>()
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key
        if (seen.has(key) && problems.length < MAX_PROBLEMS)
          problems.push({
            line: isScalar(pair.key) && pair.key.range ? lineAtOffset(pair.key.range[0]) : 0,
            path: String(key),
            message: 'this key appears twice in one mapping',
          })
        seen.add(key)
      }
    },
  })
  return problems
}

/**
 * The message with the value it quotes (`got "…"`) kept only when the file's own text at that line holds
 * it: a value from another line (an alias, a block) is never shown.
 */
function quotedAtMost(message: string, lineText: string): string {
  const quoted = /(got (?:string )?)(["[{].*)$/s.exec(message)
  if (!quoted) return message
  const shown = quoted[2]!.replace(/…$/, '')
  const inner = shown.startsWith('"') ? shown.slice(1).replace(/"$/, '') : shown
  if (lineText.includes(inner)) return message
  return `${message.slice(0, quoted.index)}${quoted[1]}a value not shown (it is not on this line)`
}

/** A JSON syntax error at its line, in words of our own (V8's quote the start of the text). */
function jsonSyntax(file: string, text: string): ConfigProblem | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)?.[1]
    const line = position === undefined ? 0 : lineOfOffset(text, Number(position))
    const what =
      /^(Unexpected end of JSON input|Unexpected token|Expected [^"']*?)(?= in JSON| '|,|$)/.exec(message)?.[1] ??
      'unexpected text'
    return { file, line, path: '', message: `not valid JSON: ${what}` }
  }
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++
  return line
}

/** The line of every node of the document by its path (`SpecSource.lines`): a parent's where a child has none. */
function lineTable(root: YamlNode | null, lineAtOffset: (offset: number) => number): Record<string, number> {
  const lines: Record<string, number> = Object.create(null) as Record<string, number>
  const visitNode = (node: unknown, steps: Array<string | number>, parent: number): void => {
    const range = node && typeof node === 'object' && 'range' in node ? (node as YamlNode).range : undefined
    const line = range ? lineAtOffset(range[0]) : parent
    lines[pathKey(steps)] = line
    if (isMap(node))
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key
        if (typeof key === 'string' || typeof key === 'number') visitNode(pair.value, [...steps, key], line)
      }
    else if (isSeq(node)) node.items.forEach((item, index) => visitNode(item, [...steps, index], line))
  }
  visitNode(root, [], 1)
  return lines
}

/** The line of the node at `metrics[0].name`, or of the nearest parent that is there (a missing field's mapping). */
function lineAt(root: YamlNode | null, path: string, lineAtOffset: (offset: number) => number): number {
  let node = root
  let line = node?.range ? lineAtOffset(node.range[0]) : 1
  for (const step of path.match(/[^.[\]]+/g) ?? []) {
    const next: unknown = isMap(node) ? node.get(step, true) : isSeq(node) ? node.get(Number(step), true) : undefined
    if (!next || typeof next !== 'object' || !('range' in next)) break
    node = next as YamlNode
    if (node.range) line = lineAtOffset(node.range[0])
  }
  return line
}
