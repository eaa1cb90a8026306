/**
 * What a hog function has run (docs/service-behaviour.md §4.2): broadcasts and test invocations, each
 * recorded as log lines and a `succeeded` metric, read back as filtered logs, daily metric series and totals.
 */
import type { GroupHandlers, OperationContext } from '../context.js'
import { findRecord } from '../group-kit.js'
import { icontains, paginate, positiveInt } from '../paging.js'
import { json } from '../responses.js'
import type { FakeAppMetric, FakeHogFunction, FakeLogEntry } from '../records.js'
import { clone, drfDateTime, isoDate, type FakeStore } from '../store.js'
import { testInvocation } from './hog-function-invocations.js'

const DAY_MS = 86_400_000

type RunHandlers = Pick<
  GroupHandlers<'hogFunctions'>,
  | 'hogFunctions.broadcast'
  | 'hogFunctions.invocations'
  | 'hogFunctions.logs'
  | 'hogFunctions.metrics'
  | 'hogFunctions.metricsTotals'
>

/** A live (not soft-deleted) hog function, or a 404. */
export function findHogFunction(context: OperationContext): FakeHogFunction {
  return findRecord(context, context.store.hogFunctions, { hideDeleted: true })
}

function recordInvocation(store: FakeStore, record: FakeHogFunction, message: string): void {
  const now = store.now()
  const logs = store.hogFunctionLogs.get(record.id) ?? []
  const instance = store.uuid()
  const entries: FakeLogEntry[] = [
    {
      log_source_id: record.id,
      instance_id: instance,
      timestamp: drfDateTime(now),
      level: 'DEBUG',
      message: 'Executing function',
    },
    { log_source_id: record.id, instance_id: instance, timestamp: drfDateTime(now), level: 'INFO', message },
    {
      log_source_id: record.id,
      instance_id: instance,
      timestamp: drfDateTime(now),
      level: 'DEBUG',
      message: 'Function completed in 1.2ms',
    },
  ]
  logs.push(...entries)
  store.hogFunctionLogs.set(record.id, logs)
  const metrics = store.hogFunctionMetrics.get(record.id) ?? []
  const date = isoDate(now)
  const metric = metrics.find((item) => item.date === date && item.name === 'succeeded')
  if (metric) metric.count += 1
  else metrics.push({ date, kind: 'success', name: 'succeeded', count: 1 })
  store.hogFunctionMetrics.set(record.id, metrics)
}

/** The metric rows of a function matching `kind`/`name` filters (comma lists). */
function metricRows(
  context: OperationContext,
  record: FakeHogFunction,
): { rows: FakeAppMetric[]; by: 'kind' | 'name' } {
  const kinds = context.query.get('kind')?.split(',').filter(Boolean)
  const names = context.query.get('name')?.split(',').filter(Boolean)
  const rows = (context.store.hogFunctionMetrics.get(record.id) ?? []).filter(
    (row) => (!kinds || kinds.includes(row.kind)) && (!names || names.includes(row.name)),
  )
  return { rows, by: context.query.get('breakdown_by') === 'name' ? 'name' : 'kind' }
}

/** Days covered by `after` (`-7d` default; `-Nd`, `-Nw`, `-Nh` or a date). */
function metricLabels(context: OperationContext): string[] {
  const now = context.store.now().getTime()
  const after = context.query.get('after') ?? '-7d'
  const relative = /^-(\d+)([hdwm])$/.exec(after)
  let start: number
  if (relative) {
    const unit = { h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS, m: 30 * DAY_MS }[relative[2] as 'h' | 'd' | 'w' | 'm']
    start = now - Number(relative[1]) * unit
  } else {
    start = Number.isNaN(Date.parse(after)) ? now - 7 * DAY_MS : Date.parse(after)
  }
  const labels: string[] = []
  for (let day = Date.parse(isoDate(new Date(start))); day <= now; day += DAY_MS) labels.push(isoDate(new Date(day)))
  return labels
}
export const hogFunctionRunHandlers: RunHandlers = {
  'hogFunctions.broadcast': (context) => {
    const record = findHogFunction(context)
    if (!record.enabled) return json({ error: 'Cannot broadcast: function is disabled' }, 400)
    recordInvocation(context.store, record, 'Broadcast to matching persons')
    return json({ success: true })
  },

  // A detail action that runs whether or not the function exists: `new` (or an unknown id) runs the
  // configuration alone ([`V1`]).
  'hogFunctions.invocations': async (context) => {
    const found = context.store.hogFunctions.get(context.params['id'] ?? '')
    const stored = found && !found.deleted ? found : undefined
    const response = await testInvocation(context, stored)
    if (stored && response.status === 200) recordInvocation(context.store, stored, 'Test invocation')
    return response
  },

  'hogFunctions.logs': (context) => {
    const record = findHogFunction(context)
    const limit = Math.min(Math.max(positiveInt(context.query.get('limit'), true) ?? 50, 1), 500)
    const levels = context.query.get('level')?.toUpperCase().split(',').filter(Boolean)
    const search = context.query.get('search')
    const after = context.query.get('after')
    const before = context.query.get('before')
    const entries = [...(context.store.hogFunctionLogs.get(record.id) ?? [])]
      .reverse()
      .filter(
        (entry) =>
          (!levels || levels.includes(entry.level)) &&
          (!search || icontains(entry.message, search)) &&
          (!after || Date.parse(entry.timestamp) > Date.parse(after)) &&
          (!before || Date.parse(entry.timestamp) < Date.parse(before)),
      )
      .slice(0, limit)
    return json(paginate(context.url, clone(entries), context.store.settings.pageSize))
  },

  'hogFunctions.metrics': (context) => {
    const record = findHogFunction(context)
    const labels = metricLabels(context)
    const { rows, by } = metricRows(context, record)
    const names = by === 'kind' ? ['success', 'failure'] : ['succeeded', 'failed']
    for (const row of rows) if (!names.includes(row[by])) names.push(row[by])
    const series = names.map((name) => ({
      name,
      values: labels.map((label) =>
        rows.filter((row) => row[by] === name && row.date === label).reduce((sum, row) => sum + row.count, 0),
      ),
    }))
    return json({ labels, series })
  },

  'hogFunctions.metricsTotals': (context) => {
    const record = findHogFunction(context)
    const { rows, by } = metricRows(context, record)
    const totals: Record<string, number> = {}
    for (const row of rows) totals[row[by]] = (totals[row[by]] ?? 0) + row.count
    return json({ totals })
  },
}
