import { mkdir, rename, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { Document, isScalar, parse as parseYaml, Scalar, visit } from 'yaml'
import { InvalidArgumentError } from 'posthog-project-client'
import { checkShape } from '../requests/check.js'
import { isPlainObject, stableJson } from './diff.js'
import { ConfigError, type ConfigProblem } from './errors.js'
import {
  entryKind,
  FolderError,
  listEntries,
  makeFolder,
  readRegularFile,
  removeFolder,
  swapFolder,
  temporaryFolder,
} from './folder.js'
import { refsAsPlaceholders } from './graph.js'
import { configSchemaFile } from './json-schemas.js'
import { starterFile } from './hog-test-starter.js'
import { HOG_TESTS_SCHEMA_FILE, hogTestsOf, TEST_SUFFIXES, testedStem, type HogFunctionTests } from './hog-tests.js'
import { KINDS, specShapeOf, type KindOps, type Resource } from './kinds.js'
import { fold, specFileNames } from './names.js'
import { EXTENSIONS } from './read-config.js'
import { RENAMED_FROM } from './renames.js'
import type { ProjectConfig } from './types.js'
import { isUnknownMember } from './unknown-members.js'

export { readConfig } from './read-config.js'

/**
 * The configuration folder: `<dir>/<kind-kebab>/<key>.yaml`, one spec a file. Written so that a review
 * diff shows the changed line (code and HogQL as block scalars, stable key order) and so that YAML 1.1 and
 * 1.2 tools read the same values (strings that 1.1 would read as dates or booleans are quoted).
 */

/** Field names whose strings are code or HogQL: written as block scalars even on one line. */
const CODE_FIELDS = new Set(['hog', 'query'])

/**
 * The first line of every file `writeConfig` writes (older versions pointed into node_modules); a file without it
 * in a kind's folder is never touched.
 */
const HEADER =
  /^# yaml-language-server: \$schema=(\S*posthog-project-client\/dist\/schemas|\.\.\/\.schemas)\/[\w.]+\.json\r?$/

/**
 * The folder of the schemas, beside the kinds' folders: a dot folder, which `readConfig` leaves alone. A file's
 * header names its kind's schema there relatively, so it resolves wherever the folder is (a clone, a CI runner,
 * under `npx`: no node_modules needed), offline, and matches the version that wrote the files.
 */
const SCHEMAS = '.schemas'

/**
 * Writes one YAML file per spec, each kind's folder replaced whole: the files are written to a new folder
 * inside `dir`, the files the tool did not write (no header line) moved across, and that folder renamed into
 * place; a failure leaves the previous files as they were. Every spec is checked first: one that `readConfig`
 * would refuse, or a kind's folder that is a link, writes nothing at all. Specs that share a key are not
 * written (their existing files are kept): they reject with {@link ConfigError} once the others are written.
 */
export async function writeConfig(dir: string, config: ProjectConfig): Promise<void> {
  if (typeof dir !== 'string' || dir === '') throw new InvalidArgumentError('dir', 'expected a folder path')
  if (!isPlainObject(config)) throw new InvalidArgumentError('config', 'expected a ProjectConfig object')
  const kinds = KINDS.filter((ops) => Array.isArray(config[ops.kind])).map((ops) =>
    renderKind(dir, ops, config[ops.kind] as Resource[]),
  )
  const problems = kinds.flatMap((kind) => kind.problems)
  if (problems.length > 0) throw new ConfigError(problems)
  const root = await makeFolder(dir).catch(folderProblem)
  for (const kind of kinds)
    if ((await entryKind(join(root, kind.ops.folder))) === 'other')
      folderProblem(
        new FolderError(
          join(dir, kind.ops.folder),
          'is a symbolic link or a file where the folder of a kind belongs: nothing was written',
        ),
      )
  // pull's starter tests (never those read from files) beside the hog functions that have none.
  const starters = hogTestsOf(config).filter((tests) => tests.file === undefined)
  for (const kind of kinds) await replaceKindFolder(root, kind, kind.ops.hasTests ? starters : [])
  await writeSchemas(
    root,
    dir,
    kinds.map((kind) => kind.ops),
  )
  const shared = kinds.flatMap((kind) =>
    kind.shared.map((key) => ({
      file: join(dir, kind.ops.folder),
      line: 0,
      path: kind.ops.keyField,
      message:
        `${kind.counts.get(key)} resources share the ${kind.ops.keyField} ${JSON.stringify(key)}: none of them ` +
        `written (an existing file is kept); rename all but one`,
    })),
  )
  if (shared.length > 0) throw new ConfigError(shared)
}

/** Each written kind's JSON Schema into the schemas folder (replaced: it is the tool's own). */
async function writeSchemas(root: string, dir: string, kinds: readonly KindOps[]): Promise<void> {
  if (kinds.length === 0) return
  const folder = join(root, SCHEMAS)
  const kind = await entryKind(folder)
  if (kind === 'other' || kind === 'file') {
    const why = 'is a symbolic link or a file where the schemas folder belongs: no schema was written'
    folderProblem(new FolderError(join(dir, SCHEMAS), why))
  }
  if (kind === 'missing') await mkdir(folder)
  const { configSchemaText, hogTestsSchemaText } = await import('./schema-files.js')
  for (const ops of kinds) {
    await writeFile(join(folder, configSchemaFile(ops.kind)), configSchemaText(ops.kind), { mode: 0o644 })
  }
  // The hog function test files' (`<name>.test.yaml`), beside the hog functions'.
  if (kinds.some((ops) => ops.hasTests)) {
    await writeFile(join(folder, HOG_TESTS_SCHEMA_FILE), hogTestsSchemaText(), { mode: 0o644 })
  }
}

function folderProblem(error: unknown): never {
  if (error instanceof FolderError)
    throw new ConfigError([{ file: error.path, line: 0, path: '', message: error.message }])
  throw error
}

interface RenderedKind {
  ops: KindOps
  files: Array<{ key: string; text: string }>
  /** Keys that more than one spec has. */
  shared: string[]
  counts: Map<string, number>
  problems: ConfigProblem[]
  /** The schema of hog function test files, relative to the kind's folder. */
  testSchema: string
}

/** The text of every file of a kind, each spec checked as `readConfig` will check it and read back the same. */
function renderKind(dir: string, ops: KindOps, specs: readonly Resource[]): RenderedKind {
  const schema = `../${SCHEMAS}/${configSchemaFile(ops.kind)}`
  const counts = new Map<string, number>()
  const problems: ConfigProblem[] = []
  specs.forEach((spec, index) => {
    const key = isPlainObject(spec) ? spec[ops.keyField] : undefined
    if (typeof key !== 'string' || key === '')
      throw new InvalidArgumentError(
        `config.${ops.kind}[${index}]`,
        `a spec has no ${ops.keyField}, the key its file is named by`,
      )
    counts.set(key, (counts.get(key) ?? 0) + 1)
  })
  const files = specs
    .filter((spec) => counts.get(spec[ops.keyField] as string) === 1)
    .map((written) => {
      // Checked and compared as toYaml writes it: without `$renamedFrom`.
      const { [RENAMED_FROM]: _renamedFrom, ...spec } = written
      const key = spec[ops.keyField] as string
      const where = `${ops.folder}/${key}`
      // A member the SDK does not know (a newer service's) is written: `plan` settles it against the live resource.
      const found = checkShape(specShapeOf(ops), refsAsPlaceholders(ops.kind, spec)).map(({ path, message }) => ({
        file: where,
        line: 0,
        path,
        message,
      }))
      if (!found.every(isUnknownMember))
        for (const problem of found)
          problems.push({ ...problem, message: `${problem.message} (readConfig would refuse it: nothing was written)` })
      const text = toYaml(ops, spec, schema)
      if (stableJson(parseYaml(text)) !== stableJson(spec))
        problems.push({
          file: where,
          line: 0,
          path: '',
          message: 'would not read back as the same spec: nothing was written',
        })
      return { key, text }
    })
  const testSchema = `../${SCHEMAS}/${HOG_TESTS_SCHEMA_FILE}`
  return {
    ops,
    files,
    shared: [...counts].filter(([, count]) => count > 1).map(([key]) => key),
    counts,
    problems,
    testSchema,
  }
}

/**
 * The kind's folder replaced by one holding its files: the tool's own files (header line) that are not
 * written again go, except those of a shared key; everything else in it is moved across untouched.
 */
async function replaceKindFolder(
  root: string,
  kind: RenderedKind,
  starters: readonly HogFunctionTests[],
): Promise<void> {
  const target = join(root, kind.ops.folder)
  const kept = (await entryKind(target)) === 'folder' ? await keptEntries(target, kind) : []
  const prepared = await temporaryFolder(root, kind.ops.folder)
  const moved: string[] = []
  try {
    const names = specFileNames(
      kind.files.map((file) => file.key),
      new Set(kept.map(fold)),
    )
    await Promise.all(
      kind.files.map((file, index) => writeFile(join(prepared, names[index]!), file.text, { flag: 'wx', mode: 0o644 })),
    )
    // A starter test (`pull --with-tests`) only where the function has no test file: one is never replaced.
    for (const [index, file] of kind.files.entries()) {
      const tests = starters.find((item) => item.function === file.key)
      const stem = names[index]!.slice(0, -extname(names[index]!).length)
      if (!tests || TEST_SUFFIXES.some((suffix) => kept.includes(`${stem}${suffix}`))) continue
      await writeFile(join(prepared, `${stem}.test.yaml`), starterFile(tests, kind.testSchema), {
        flag: 'wx',
        mode: 0o644,
      })
    }
    for (const name of kept) {
      await rename(join(target, name), join(prepared, name))
      moved.push(name)
    }
    await swapFolder(prepared, target)
  } catch (error) {
    for (const name of moved) await rename(join(prepared, name), join(target, name)).catch(() => undefined)
    await removeFolder(prepared)
    throw error
  }
}

/** The names in a kind's folder that stay: all but the tool's own spec files (those of a shared key stay too). */
async function keptEntries(folder: string, kind: RenderedKind): Promise<string[]> {
  const kept: string[] = []
  for (const entry of await listEntries(folder)) {
    // A test file is the team's, even one `pull --with-tests` started: never replaced.
    if (entry.isFile() && EXTENSIONS.includes(extname(entry.name)) && testedStem(entry.name) === undefined) {
      const read = await readRegularFile(join(folder, entry.name))
      if ('text' in read && HEADER.test(read.text.split('\n', 1)[0]!) && !holdsSharedKey(read.text, kind)) continue
    }
    kept.push(entry.name)
  }
  return kept
}

function holdsSharedKey(text: string, kind: RenderedKind): boolean {
  if (kind.shared.length === 0) return false
  try {
    const spec: unknown = parseYaml(text)
    return isPlainObject(spec) && kind.shared.includes(spec[kind.ops.keyField] as string)
  } catch {
    return false
  }
}

function toYaml(ops: KindOps, written: Resource, schema: string): string {
  // A rename is said once, in the file that asks for it: a written file describes the resource as it is.
  const { [RENAMED_FROM]: _renamedFrom, ...spec } = written
  const document = new Document(ordered(ops, spec))
  visit(document, {
    Pair(_key, pair) {
      const value = pair.value
      if (
        isScalar(value) &&
        typeof value.value === 'string' &&
        isScalar(pair.key) &&
        CODE_FIELDS.has(String(pair.key.value))
      )
        value.type = Scalar.BLOCK_LITERAL
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
  const shape = specShapeOf(ops) as unknown as { def: { shape?: Record<string, unknown> } }
  const fields = [ops.keyField, 'name', ...Object.keys(shape.def.shape ?? {})]
  const rank = (name: string) => (fields.includes(name) ? fields.indexOf(name) : fields.length)
  return Object.fromEntries(Object.entries(spec).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)))
}
