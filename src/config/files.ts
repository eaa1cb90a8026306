import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { dirname, extname, join, relative, resolve, sep } from 'node:path'
import { Document, isMap, isScalar, isSeq, LineCounter, parseDocument, parse as parseYaml, Scalar, visit, type Node as YamlNode } from 'yaml'
import { InvalidArgumentError } from 'posthog-project-client'
import { checkShape } from '../requests/check.js'
import { REQUESTS } from '../requests/index.js'
import { isPlainObject } from './diff.js'
import { ConfigError, type ConfigProblem } from './errors.js'
import { KINDS, type KindOps, type Resource } from './kinds.js'
import { RENAMED_FROM } from './renames.js'
import type { ProjectConfig } from './types.js'

/**
 * The configuration folder: `<dir>/<kind-kebab>/<key>.yaml`, one spec a file. Written so that a review
 * diff shows the changed line (code and HogQL as block scalars, stable key order) and so that YAML 1.1 and
 * 1.2 tools read the same values (strings that 1.1 would read as dates or booleans are quoted).
 */

const EXTENSIONS = ['.yaml', '.yml', '.json']

/** Field names whose strings are code or HogQL: written as block scalars even on one line. */
const CODE_FIELDS = new Set(['hog', 'query'])

/** Writes one YAML file per spec and removes the files of a written kind that no longer match one. */
export async function writeConfig(dir: string, config: ProjectConfig): Promise<void> {
  if (typeof dir !== 'string' || dir === '') throw new InvalidArgumentError('dir', 'expected a folder path')
  if (!isPlainObject(config)) throw new InvalidArgumentError('config', 'expected a ProjectConfig object')
  for (const ops of KINDS) {
    const specs = config[ops.kind] as Resource[] | undefined
    if (!Array.isArray(specs)) continue
    const folder = join(dir, ops.folder)
    await mkdir(folder, { recursive: true })
    const written = new Set<string>()
    for (const [name, spec] of fileNames(ops, specs)) {
      await writeFile(join(folder, name), toYaml(ops, spec, schemaPath(folder, ops)))
      written.add(name)
    }
    for (const stale of (await readdir(folder)).filter((name) => EXTENSIONS.includes(extname(name)) && !written.has(name))) await unlink(join(folder, stale))
  }
}

/** `<key>.yaml`, the key with anything but letters, digits, `.`, `_` and `-` as `-`; two keys that meet get a hash each. */
function fileNames(ops: KindOps, specs: readonly Resource[]): Array<[string, Resource]> {
  const slugs = specs.map((spec) => {
    const key = spec[ops.keyField]
    if (typeof key !== 'string' || key === '') throw new InvalidArgumentError(`config.${ops.kind}`, `a spec has no ${ops.keyField}, the key its file is named by`)
    return slug(key)
  })
  const keys = specs.map((spec) => String(spec[ops.keyField]))
  const repeated = keys.find((key, index) => keys.indexOf(key) !== index)
  if (repeated !== undefined) throw new InvalidArgumentError(`config.${ops.kind}`, `two specs have the ${ops.keyField} ${JSON.stringify(repeated)}`)
  return specs.map((spec, index) => {
    const shared = slugs.filter((other) => other === slugs[index]).length > 1
    return [`${slugs[index]}${shared ? `-${shortHash(String(spec[ops.keyField]))}` : ''}.yaml`, spec]
  })
}

function slug(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'unnamed'
}

function shortHash(text: string): string {
  let hash = 2166136261
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0
  return hash.toString(16).padStart(8, '0').slice(0, 6)
}

/**
 * The shipped JSON Schema of the kind's create body, relative to the file: from the nearest
 * `node_modules/posthog-project-client` above the folder (else as if it were under the working directory).
 */
function schemaPath(folder: string, ops: KindOps): string {
  const file = join('node_modules', 'posthog-project-client', 'dist', 'schemas', `${ops.createShape}.json`)
  let at = resolve(folder)
  while (!existsSync(join(at, 'node_modules', 'posthog-project-client')) && dirname(at) !== at) at = dirname(at)
  const base = existsSync(join(at, 'node_modules', 'posthog-project-client')) ? at : process.cwd()
  return relative(resolve(folder), join(base, file)).split(sep).join('/')
}

function toYaml(ops: KindOps, written: Resource, schema: string): string {
  // A rename is said once, in the file that asks for it: a written file describes the resource as it is.
  const { [RENAMED_FROM]: _renamedFrom, ...spec } = written
  const document = new Document(ordered(ops, spec))
  visit(document, {
    Pair(_key, pair) {
      const value = pair.value
      if (isScalar(value) && typeof value.value === 'string' && isScalar(pair.key) && CODE_FIELDS.has(String(pair.key.value))) value.type = Scalar.BLOCK_LITERAL
    },
    Scalar(_key, scalar) {
      if (typeof scalar.value !== 'string' || scalar.type === Scalar.BLOCK_LITERAL) return
      if (scalar.value.includes('\n')) scalar.type = Scalar.BLOCK_LITERAL
      else if (readsOtherwiseIn11(scalar.value)) scalar.type = Scalar.QUOTE_DOUBLE
    },
  })
  return `# yaml-language-server: $schema=${schema}\n${document.toString({ lineWidth: 0 })}`
}

/** A plain string a YAML 1.1 reader takes for something else (a date, `yes`, `on`, `0777`, `1_000`). */
function readsOtherwiseIn11(value: string): boolean {
  if (!/^[\w.:+-]+$/.test(value)) return false
  return typeof parseYaml(value, { version: '1.1' }) !== 'string'
}

/** The key first, then `name`, then the fields in the create body's order: the same spec, the same file. */
function ordered(ops: KindOps, spec: Resource): Resource {
  const shape = REQUESTS[ops.createShape]!.body as unknown as { def: { shape?: Record<string, unknown> } }
  const fields = [ops.keyField, 'name', ...Object.keys(shape.def.shape ?? {})]
  const rank = (name: string) => (fields.includes(name) ? fields.indexOf(name) : fields.length)
  return Object.fromEntries(Object.entries(spec).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)))
}

/**
 * The specs under `dir`, one a file, each checked in full depth against its kind's create shape. Rejects
 * with {@link ConfigError} listing every problem (file, line, field path) of every file.
 */
export async function readConfig(dir: string): Promise<ProjectConfig> {
  if (typeof dir !== 'string' || dir === '') throw new InvalidArgumentError('dir', 'expected a folder path')
  const config: Record<string, Resource[]> = {}
  const problems: ConfigProblem[] = []
  for (const ops of KINDS) {
    const folder = join(dir, ops.folder)
    if (!existsSync(folder)) continue
    const names = (await readdir(folder)).filter((name) => EXTENSIONS.includes(extname(name))).sort()
    const keys = new Map<string, string>()
    for (const name of names) {
      const file = join(folder, name)
      const read = readSpec(ops, file, await readFile(file, 'utf8'))
      problems.push(...read.problems)
      if (read.key !== undefined) {
        const other = keys.get(read.key)
        if (other) problems.push({ file, line: read.keyLine, path: ops.keyField, message: `the same ${ops.keyField} as ${other}` })
        keys.set(read.key, file)
      }
      if (read.problems.length === 0 && read.spec) (config[ops.kind] ??= []).push(read.spec)
    }
  }
  if (problems.length > 0) throw new ConfigError(problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line)))
  return config as ProjectConfig
}

interface ReadSpec {
  spec?: Resource
  key?: string
  keyLine: number
  problems: ConfigProblem[]
}

function readSpec(ops: KindOps, file: string, text: string): ReadSpec {
  const lines = new LineCounter()
  const jsonProblem = extname(file) === '.json' ? jsonSyntax(file, text) : undefined
  if (jsonProblem) return { keyLine: 0, problems: [jsonProblem] }
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false })
  if (document.errors.length > 0) {
    return { keyLine: 0, problems: document.errors.map((error) => ({ file, line: lines.linePos(error.pos[0]).line, path: '', message: error.message.split('\n')[0]! })) }
  }
  const spec: unknown = document.toJS()
  if (!isPlainObject(spec)) return { keyLine: 1, problems: [{ file, line: 1, path: '', message: 'expected one spec (a mapping of fields) in the file' }] }
  const lineOf = (path: string) => lineAt(document.contents as YamlNode | null, path, lines)
  const { [RENAMED_FROM]: renamedFrom, ...fields } = spec
  const problems = checkShape(REQUESTS[ops.createShape]!.body!, fields).map(({ path, message }) => ({ file, line: lineOf(path), path, message }))
  if (renamedFrom !== undefined && (typeof renamedFrom !== 'string' || renamedFrom === '')) problems.push({ file, line: lineOf(RENAMED_FROM), path: RENAMED_FROM, message: `expected the ${ops.keyField} the resource had before (a string)` })
  const key = spec[ops.keyField]
  return { spec, ...(typeof key === 'string' && { key }), keyLine: lineOf(ops.keyField), problems }
}

function jsonSyntax(file: string, text: string): ConfigProblem | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    const message = (error as Error).message
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? Number.NaN)
    const line = Number.isNaN(position) ? Number(/line (\d+)/.exec(message)?.[1] ?? 0) : text.slice(0, position).split('\n').length
    return { file, line, path: '', message: `not valid JSON: ${message}` }
  }
}

/** The line of the node at `metrics[0].name`, or of the nearest parent that is there (a missing field's mapping). */
function lineAt(root: YamlNode | null, path: string, lines: LineCounter): number {
  let node = root
  let line = node?.range ? lines.linePos(node.range[0]).line : 1
  for (const step of path.match(/[^.[\]]+/g) ?? []) {
    const next: unknown = isMap(node) ? node.get(step, true) : isSeq(node) ? node.get(Number(step), true) : undefined
    if (!next || typeof next !== 'object' || !('range' in next)) break
    node = next as YamlNode
    if (node.range) line = lines.linePos(node.range[0]).line
  }
  return line
}
