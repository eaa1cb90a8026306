/** The surveys' activity log (docs/service-behaviour.md §1.5): entries recorded on writes, read page by page. */
import type { OperationContext } from '../context.js'
import { positiveInt, replaceQueryParam } from '../paging.js'
import { json } from '../responses.js'
import type { FakeActivityLogEntry, FakeSurvey } from '../records.js'
import { FAKE_ORGANIZATION_ID, FAKE_USER, clone, type FakeStore } from '../store.js'

export function recordActivity(
  store: FakeStore,
  survey: Pick<FakeSurvey, 'id' | 'name'>,
  activity: string,
  changes: FakeActivityLogEntry['detail']['changes'] = null,
): void {
  store.activity.push({
    id: store.uuid(),
    user: FAKE_USER,
    unread: false,
    organization_id: FAKE_ORGANIZATION_ID,
    was_impersonated: false,
    is_system: false,
    activity,
    item_id: survey.id,
    scope: 'Survey',
    detail: { id: survey.id, changes, merge: null, trigger: null, name: survey.name, short_id: null, type: null },
    created_at: store.timestamp(),
  })
}

/** Page-based activity: `{results, next, previous, total_count}`, 10 a page by default (§1.5). */
export function activityPage(context: OperationContext, entries: FakeActivityLogEntry[]): Response {
  const limit = positiveInt(context.query.get('limit'), true) ?? 10
  const page = positiveInt(context.query.get('page'), true) ?? 1
  const newestFirst = [...entries].reverse()
  const results = newestFirst.slice((page - 1) * limit, page * limit)
  const link = (target: number) =>
    replaceQueryParam(new URL(replaceQueryParam(context.url, 'page', target)), 'limit', limit)
  return json({
    results: clone(results),
    next: page * limit < newestFirst.length ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    total_count: newestFirst.length,
  })
}
