import { InvalidArgumentError } from 'posthog-project-client'
import { isRef } from './graph.js'
import { isMultiline, lineDiff } from './line-diff.js'
import { scrubberOf } from './scrub.js'
import { kindOps } from './kinds.js'
import type { ConfigKind, FieldChange, Plan, PlanChange } from './types.js'

/** How `formatPlan` writes a plan: for a terminal, a pull-request comment, or a program. */
export type PlanFormat = 'text' | 'markdown' | 'json'

const FORMATS: readonly PlanFormat[] = ['text', 'markdown', 'json']
const MARKS = { create: '+', update: '~', delete: '-', unchanged: '=' } as const

/**
 * A plan for reading: `text` (default), `markdown` (fits a pull-request comment) or `json`. Secrets show as
 * `(secret)`, each change lists the variables it reads, and no value the plan read from the environment is
 * shown, whatever was added to the plan since.
 */
export function formatPlan(plan: Plan, format: PlanFormat = 'text'): string {
  if (!FORMATS.includes(format))
    throw new InvalidArgumentError('format', `expected ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`)
  const shown = scrubberOf(plan).value(plan)
  if (format === 'json') return `${JSON.stringify(shown, null, 2)}\n`
  return format === 'markdown' ? markdown(shown) : text(shown)
}

/** Text and markdown name a kind as its folder (`hog-functions`); `PlanChange.kind` and JSON keep `hogFunctions`. */
function folder(kind: ConfigKind): string {
  return kindOps(kind).folder
}

/**
 * `2 to create, 1 to update, 0 to delete, 5 unchanged`, and `, 1 not planned (errors)` for the specs an error
 * left out of the changes (a `$ref` that names nothing): every spec is counted once.
 */
export function summary(plan: Plan): string {
  const count = (action: PlanChange['action']) => plan.changes.filter((change) => change.action === action).length
  const planned = new Set(plan.changes.map((change) => `${change.kind} ${change.key}`))
  const erring = plan.errors.flatMap((error) => (error.key === undefined ? [] : [`${error.kind} ${error.key}`]))
  const unplanned = new Set(erring.filter((spec) => !planned.has(spec)))
  const errors = unplanned.size > 0 ? `, ${unplanned.size} not planned (errors)` : ''
  const changes = `${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete`
  return `${changes}, ${count('unchanged')} unchanged${errors}`
}

/**
 * ` for project 2 (https://us.posthog.com)`: where the plan was made, when it says; a copy's also where from
 * (` for project 2 (https://eu.posthog.com) from project 1 (https://us.posthog.com)`).
 */
function target(plan: Plan): string {
  const from = plan.source ? ` from project ${plan.source.id} (${plan.source.host})` : ''
  return plan.project ? ` for project ${plan.project.id} (${plan.project.host})${from}` : ''
}

function text(plan: Plan): string {
  const lines = [`Plan${target(plan)}: ${summary(plan)}.`]
  for (const change of plan.changes.filter((change) => change.action !== 'unchanged')) {
    lines.push(
      `${MARKS[change.action]} ${folder(change.kind)} ${JSON.stringify(change.key)} ` +
        `(${change.action}${change.id === undefined ? '' : `, id ${change.id}`})`,
    )
    if (change.reads?.length) lines.push(`    ${readsText(change.reads)}`)
    for (const field of change.fields ?? []) {
      if (isMultiline(field.before, field.after))
        lines.push(`    ${field.path}: (lines)`, ...textLines(field).map((line) => `      ${line}`))
      else lines.push(`    ${field.path}: ${show(field.before)} → ${show(field.after)}`)
    }
  }
  for (const error of plan.errors)
    lines.push(
      `Error: ${folder(error.kind)}${error.key === undefined ? '' : ` ${JSON.stringify(error.key)}`}: ${error.message}`,
    )
  for (const warning of plan.warnings)
    lines.push(
      `Warning: ${folder(warning.kind)}${warning.key === undefined ? '' : ` ${JSON.stringify(warning.key)}`}: ` +
        `${warning.message}`,
    )
  return `${lines.join('\n')}\n`
}

function markdown(plan: Plan): string {
  const out = [`### PostHog plan${escapeHtml(target(plan))}: ${summary(plan)}`, '']
  const changed = plan.changes.filter((change) => change.action !== 'unchanged')
  if (changed.length > 0) {
    out.push('| | Kind | Key | Change |', '|---|---|---|---|')
    for (const change of changed) {
      const id = change.id === undefined ? '' : ` (id ${cell(String(change.id))})`
      const reads = change.reads?.length ? `; ${cell(readsText(change.reads))}` : ''
      out.push(
        `| ${MARKS[change.action]} | ${folder(change.kind)} | ${cell(change.key)} | ${change.action}${id}${reads} |`,
      )
    }
    out.push('')
  }
  for (const change of changed.filter((change) => change.fields?.length)) {
    out.push(
      `<details><summary>${folder(change.kind)} ${cell(change.key)}: ${change.fields!.length} ` +
        `field${change.fields!.length === 1 ? '' : 's'}</summary>`,
      '',
    )
    const [long, short] = partition(change.fields!, (field) => isMultiline(field.before, field.after))
    if (short.length > 0) out.push('| Field | Before | After |', '|---|---|---|', ...short.map(fieldRow), '')
    for (const field of long) out.push(`${code(field.path)}:`, '', ...fenced('diff', textLines(field)), '')
    out.push('</details>', '')
  }
  if (plan.errors.length > 0)
    out.push(
      '**Errors**',
      '',
      ...plan.errors.map(
        (error) =>
          `- ${folder(error.kind)}${error.key === undefined ? '' : ` ${code(error.key)}`}: ${cell(error.message)}`,
      ),
      '',
    )
  if (plan.warnings.length > 0)
    out.push(
      '**Warnings**',
      '',
      ...plan.warnings.map(
        (warning) =>
          `- ${folder(warning.kind)}${warning.key === undefined ? '' : ` ${code(warning.key)}`}: ` +
          `${cell(warning.message)}`,
      ),
      '',
    )
  return `${out.join('\n').trimEnd()}\n`
}

function fieldRow(field: FieldChange): string {
  return `| ${code(field.path)} | ${code(show(field.before))} | ${code(show(field.after))} |`
}

/** A value whole, as JSON (never cut: before and after must read the same where they are the same). */
function show(value: unknown): string {
  if (isRef(value)) return `$ref ${value.$ref}`
  return value === undefined ? '(absent)' : JSON.stringify(value)
}

/** A multi-line string that changed, as a line diff (absent or `null` on one side: every line added or removed). */
function textLines(field: FieldChange): string[] {
  const side = (value: unknown) => (typeof value === 'string' ? value : '')
  const lines = lineDiff(side(field.before), side(field.after))
  const absent = (value: unknown, mark: string) =>
    typeof value === 'string' ? [] : [`${mark} (${value === undefined ? 'absent' : 'null'})`]
  return [...absent(field.before, 'before:'), ...absent(field.after, 'after:'), ...lines]
}

/** A fenced code block that no line of `lines` can close (the fence is longer than any run of backticks in them). */
function fenced(language: string, lines: readonly string[]): string[] {
  const longest = Math.max(
    2,
    ...lines.map((line) => Math.max(0, ...[...line.matchAll(/`+/g)].map((run) => run[0].length))),
  )
  const fence = '`'.repeat(longest + 1)
  return [`${fence}${language}`, ...lines, fence]
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))]
}

/** `reads $POSTHOG_SECRET_A, $POSTHOG_SECRET_B`: names only. */
function readsText(names: readonly string[]): string {
  return `reads ${names.map((name) => `$${name}`).join(', ')}`
}

function code(value: string): string {
  return `<code>${cell(value)}</code>`
}

/**
 * Text made inert in a markdown table cell, a list item or an HTML block (a `<summary>`): no line break (shown
 * as `⏎`); `@` and `#` followed by a word joiner (no mention, no issue link); no bare link (`://`, `www.`);
 * markup characters as numeric character references, which markdown shows as the characters and never reads
 * as syntax (no tag, comment, link, emphasis, code span, or `|` ending the cell).
 */
function cell(value: string): string {
  return value
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '⏎')
    .replace(/[@#]/g, '$&\u2060')
    .replace(/:\/\//g, ':\u2060//')
    .replace(/www\./gi, (match) => `${match.slice(0, 3)}\u2060.`)
    .replace(/[&<>[\]|\\`*_~]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The project and host the caller planned against (its own settings, not the files): no tag, links kept. */
function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
