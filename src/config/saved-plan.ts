import { createHash } from 'node:crypto'
import { lstat, readFile, rename, writeFile } from 'node:fs/promises'
import * as z from 'zod/mini'
import { InvalidArgumentError } from 'posthog-project-client'
import { checkShape } from '../requests/check.js'
import { REQUESTS } from '../requests/by-method.js'
import { isPlainObject, pathText, stableJson } from './diff.js'
import { ConfigError } from './errors.js'
import { kindOps, KIND_NAMES } from './kinds.js'
import { refsAsPlaceholders } from './graph.js'
import {
  isPlanned,
  planned,
  plannedWriteShape,
  stateOf,
  withWrite,
  writeOf,
  type PlannedWrite,
  type PlanState,
} from './pending.js'
import { EnvReader } from './env.js'
import { isEnvReference } from './secrets.js'
import type { ConfigKind, Plan, PlanChange, PlanError, ReadPlanOptions } from './types.js'

/**
 * Saved plans: the plan reviewed on a pull request, applied on merge. The file is the plan's data as JSON (its
 * changes, each with its `PlannedWrite`: pending.ts), read back with one schema: what each change will
 * send as the spec wrote it (a secret as its `{ $env: NAME }` reference, never a value: the variable is read
 * when the plan is read back, where it is applied), a fingerprint (SHA-256) of each live resource it read, the
 * project and host it was made against, and a checksum of all of it.
 *
 * The checksum refuses a file edited after it was written (by hand, by a merge, truncated): what is applied
 * is what was reviewed. It is not a signature: someone who can write the file can also recompute it, so keep
 * the file where only the pipeline writes it (a CI artifact). Whatever a file says, `readPlan` checks every
 * body against the request shapes, reads only `$env` names that a plan may read (`POSTHOG_SECRET_…` or
 * `allowEnv`), and `apply` writes only to the project named in it, and only when no resource it changes has
 * changed since (`StalePlanError`).
 */

const FORMAT = 'posthog-project-plan/1'
/** Larger files are refused unread: a plan of thousands of changes is far smaller. */
const MAX_BYTES = 64 * 1024 * 1024

// A side the resource did not have (a field added or removed) is absent from the JSON.
const fieldSchema = z.object({ path: z.string(), before: z.optional(z.unknown()), after: z.optional(z.unknown()) })
const noteSchema = z.object({
  kind: z.enum(KIND_NAMES as [ConfigKind, ...ConfigKind[]]),
  key: z.optional(z.string()),
  message: z.string(),
})
const changeSchema = z.object({
  kind: z.enum(KIND_NAMES as [ConfigKind, ...ConfigKind[]]),
  key: z.string(),
  action: z.enum(['create', 'update', 'delete', 'unchanged']),
  id: z.optional(z.union([z.string(), z.number()])),
  fields: z.optional(z.array(fieldSchema)),
  reads: z.optional(z.array(z.string())),
  ...plannedWriteShape,
})
const fileSchema = z.object({
  format: z.literal(FORMAT),
  project: z.object({ id: z.string(), host: z.string() }),
  /** A copy's source: shown, never written to. */
  source: z.optional(z.object({ id: z.string(), host: z.string() })),
  rotateSecrets: z.boolean(),
  changes: z.array(changeSchema),
  errors: z.array(noteSchema),
  warnings: z.array(noteSchema),
  checksum: z.string(),
})
type SavedPlan = z.infer<typeof fileSchema>
type SavedChange = z.infer<typeof changeSchema>

/** Writes `plan` (made by `plan()` or `planCopy()` in this process, not applied, without errors) to `path`. */
export async function writePlan(path: string, plan: Plan): Promise<void> {
  if (typeof path !== 'string' || path === '') throw new InvalidArgumentError('path', 'expected a file path')
  if (!isPlainObject(plan) || !isPlanned(plan) || !plan.project)
    throw new InvalidArgumentError(
      'plan',
      'expected a Plan made by plan() or planCopy() in this process and not applied yet',
    )
  if (plan.errors.length > 0)
    throw new InvalidArgumentError(
      'plan',
      `has ${plan.errors.length} error${plan.errors.length === 1 ? '' : 's'}: a plan that cannot be applied is ` +
        `not saved`,
    )
  for (const change of plan.changes) {
    const literal = literalSecrets(writeOf(change))
    if (literal.length > 0)
      throw new InvalidArgumentError(
        'plan',
        `${change.kind} "${change.key}": ${literal.join(', ')} ` +
          `${literal.length === 1 ? 'is a secret' : 'are secrets'} written as a value, which a saved plan never ` +
          `holds: write { value: { $env: 'POSTHOG_SECRET_…' } } in the spec`,
      )
  }
  const saved: Omit<SavedPlan, 'checksum'> = {
    format: FORMAT,
    project: plan.project,
    ...(plan.source && { source: plan.source }),
    rotateSecrets: stateOf(plan)!.rotateSecrets,
    changes: plan.changes.map(savedChange),
    errors: [],
    warnings: plan.warnings,
  }
  const text = `${JSON.stringify({ ...saved, checksum: checksum(saved) }, null, 2)}\n`
  // Written beside, then renamed: a reader never sees half a plan.
  const partial = `${path}.partial-${process.pid}`
  await writeFile(partial, text, { mode: 0o600 })
  await rename(partial, path)
}

/** A change and its write, as one object of the file (where its secrets are is for `writePlan` alone). */
function savedChange(change: PlanChange): SavedChange {
  const { secrets: _secrets, checked: _checked, ...write } = writeOf(change) ?? {}
  return { ...change, ...write }
}

/**
 * The secret inputs of a change whose value the spec gives as it is: no `{ $env }` anywhere in it (a whole value
 * or inside a dictionary), and not the mask a read returns.
 */
function literalSecrets(write: PlannedWrite | undefined): string[] {
  const written = write?.send
  if (!written) return []
  return (write.secrets ?? [])
    .filter((path) => {
      const input = path.reduce<unknown>(
        (value, segment) =>
          isPlainObject(value) || Array.isArray(value)
            ? (value as Record<string | number, unknown>)[segment]
            : undefined,
        written,
      )
      const value = isPlainObject(input) ? input.value : undefined
      return value !== undefined && value !== null && value !== '' && envNames(value).length === 0
    })
    .map(pathText)
}

function checksum(saved: Omit<SavedPlan, 'checksum'>): string {
  return createHash('sha256').update(stableJson(saved)).digest('hex')
}

/**
 * A saved plan, checked (format, checksum, every body against the request shapes, every `$env` name) and
 * ready for `apply`, which first re-reads every resource it changes. A `$env` name that is not allowed, or a
 * variable a create needs that is missing, is a plan error; one an update needs is checked by `apply` before
 * any write. A file that is not a plan, or was edited, rejects with `ConfigError`.
 */
export async function readPlan(path: string, options: ReadPlanOptions = {}): Promise<Plan> {
  if (typeof path !== 'string' || path === '') throw new InvalidArgumentError('path', 'expected a file path')
  const saved = parseSaved(path, await readSmallFile(path))
  const env = new EnvReader(options)
  const errors: PlanError[] = []
  const changes = saved.changes.map((change) => {
    const { send, fingerprint, references, ...shown } = change
    if (shown.action === 'unchanged') return shown as PlanChange
    for (const name of envNames(send)) {
      if (!env.allows(name))
        errors.push({
          kind: shown.kind,
          key: shown.key,
          message: `$env ${name}: not a name a plan may read (POSTHOG_SECRET_… or one of allowEnv)`,
        })
      // An update may keep a stored secret (no variable needed): known only when apply reads the resource again.
      else if (!env.isSet(name) && (shown.action === 'create' || saved.rotateSecrets))
        errors.push({ kind: shown.kind, key: shown.key, message: `environment variable ${name} is not set` })
    }
    // Every body was checked against its request shape (parseSaved).
    return withWrite(shown as PlanChange, {
      ...(send && { send, checked: true }),
      ...(fingerprint !== undefined && { fingerprint }),
      ...(references && { references }),
    })
  })
  const source = saved.source && { source: saved.source }
  return planned(
    { changes, errors, warnings: saved.warnings, project: saved.project, ...source },
    { targets: {}, rotateSecrets: saved.rotateSecrets, saved: true, env },
  )
}

async function readSmallFile(path: string): Promise<string> {
  const stat = await lstat(path)
  if (!stat.isFile())
    throw new ConfigError([
      {
        file: path,
        line: 0,
        path: '',
        message: 'not a regular file: a saved plan is a file written by writePlan (plan --out)',
      },
    ])
  if (stat.size > MAX_BYTES)
    throw new ConfigError([
      { file: path, line: 0, path: '', message: `larger than ${MAX_BYTES} bytes: not a saved plan` },
    ])
  return readFile(path, 'utf8')
}

function parseSaved(path: string, text: string): SavedPlan {
  const problem = (where: string, message: string) => new ConfigError([{ file: path, line: 0, path: where, message }])
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw problem('', 'not a saved plan: not JSON')
  }
  const parsed = z.safeParse(fileSchema, json)
  if (!parsed.success)
    throw problem(
      parsed.error.issues[0]!.path.join('.'),
      `not a saved plan of this version (${FORMAT}): write it again with plan --out`,
    )
  const { checksum: written, ...saved } = parsed.data
  if (written !== checksum(saved))
    throw problem(
      'checksum',
      'the file was changed after it was written: apply only the plan that was reviewed (make it again with ' +
        'plan --out)',
    )
  saved.changes.forEach((change, index) => {
    const where = `changes[${index}]`
    const needsBody = change.action === 'create' || change.action === 'update'
    if (
      needsBody !== (change.send !== undefined) ||
      (change.action !== 'create' && change.action !== 'unchanged' && change.id === undefined) ||
      ((change.action === 'update' || change.action === 'delete') && change.fingerprint === undefined)
    )
      throw problem(where, `not a ${change.action} as plan writes it`)
    if (!change.send) return
    const ops = kindOps(change.kind)
    // A kind with files of its own shape (a dashboard's tiles) sends them as its files have them.
    const shape = ops.specShape ?? REQUESTS[`${ops.createShape.split('.')[0]}.${change.action}`]!.body!
    const shapeProblems = checkShape(shape, refsAsPlaceholders(change.kind, change.send))
    if (shapeProblems.length > 0)
      throw new ConfigError(
        shapeProblems.map((item) => ({
          file: path,
          line: 0,
          path: `${where}.send${item.path ? `.${item.path}` : ''}`,
          message: item.message,
        })),
      )
  })
  return { ...saved, checksum: written }
}

/** Every `$env` name inside `value`. */
function envNames(value: unknown): string[] {
  if (isEnvReference(value)) return [value.$env]
  if (Array.isArray(value)) return value.flatMap(envNames)
  return isPlainObject(value) ? Object.values(value).flatMap(envNames) : []
}

/**
 * What a change of a plan sends: its body as the spec writes it, each secret read from the environment (and a
 * kept one as the live resource has it).
 */
export function savedBody(
  change: PlanChange,
  write: PlannedWrite,
  live: Record<string, unknown> | undefined,
  { env, rotateSecrets: rotate }: PlanState,
): Record<string, unknown> {
  const written = write.send!
  const secrets = kindOps(change.kind).secrets
  if (!secrets) return written
  const failures: string[] = []
  const context = { env, rotate, error: (message: string) => failures.push(message) }
  const { send } = secrets.prepare(written, live, context)
  if (failures.length > 0) throw new InvalidArgumentError('plan', `${change.kind} "${change.key}": ${failures[0]}`)
  return send
}
