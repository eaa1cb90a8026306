/**
 * Event definitions (docs/service-behaviour.md §7): CRUD with a hard delete (204), usage metrics, and generated
 * code listings for Go, Python and TypeScript.
 */
import type { GroupHandlers } from '../context.js'
import { field, GroupKit, seededAt } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { invalid, json } from '../responses.js'
import { arrayField, booleanField, choiceField, parseBoolean } from '../validators.js'
import { EVENT_DEFINITION_ENFORCEMENT_MODES } from '../../model/enums.js'
import type { FakeEventDefinition } from '../records.js'
import { FAKE_USER, clone, hash128, type FakeStore } from '../store.js'

const ENFORCEMENT_MODES = EVENT_DEFINITION_ENFORCEMENT_MODES
/** Events with a `$` that the code listings still include (§7.2). */
const LISTED_SYSTEM_EVENTS = ['$pageview', '$pageleave', '$screen']

/** Fields a seed may set. */
export type EventDefinitionSeed = Partial<FakeEventDefinition>

function blankDefinition(store: FakeStore, now: string): Omit<FakeEventDefinition, 'id'> {
  return {
    name: '',
    owner: null,
    description: null,
    tags: [],
    // `null` for definitions created through the API until the first event arrives (§7.1).
    created_at: null,
    updated_at: now,
    updated_by: FAKE_USER,
    last_seen_at: null,
    last_updated_at: now,
    verified: false,
    verified_at: null,
    verified_by: null,
    hidden: false,
    enforcement_mode: 'allow',
    is_action: false,
    post_to_slack: false,
    default_columns: [],
    media_preview_urls: [],
    query_usage_30_day: 0,
  }
}

/** The representation (`query_usage_30_day` is only answered by `{id}/metrics`). */
export function presentEventDefinition(definition: FakeEventDefinition): Record<string, unknown> {
  const { query_usage_30_day: _usage, ...rest } = clone(definition)
  return rest
}

const definitions = new GroupKit<FakeEventDefinition, string>({
  records: (store) => store.eventDefinitions,
  idKind: 'uuid',
  blank: blankDefinition,
  // Seen recently unless told otherwise.
  seeded(store, _definition, seed, index) {
    const createdAt = seed.created_at === undefined ? seededAt(store, index) : seed.created_at
    const updatedAt = createdAt ?? store.timestamp()
    return {
      name: `event_${store.eventDefinitions.size + 1}`,
      created_at: createdAt,
      last_seen_at: createdAt,
      updated_at: updatedAt,
      last_updated_at: updatedAt,
      ...seed,
    }
  },
  softDeletes: false,
  writable: {
    name: field.text({ required: 'on create', maxLength: 400, allowBlank: false }),
    owner: field.integer({ nullable: true }),
    description: field.text({ nullable: true }),
    tags: field.strings(),
    verified: (body, key, { store, draft }) => {
      const verified = booleanField(body, key)
      if (typeof verified !== 'boolean' || verified === draft.verified) return undefined
      Object.assign(draft, {
        verified_at: verified ? store.timestamp() : null,
        verified_by: verified ? FAKE_USER : null,
      })
      return verified
    },
    hidden: (body, key, { draft }) => {
      const hidden = booleanField(body, key, { nullable: true })
      if ((hidden === undefined ? draft.hidden : hidden) && draft.verified)
        invalid('An event cannot be both hidden and verified.')
      return hidden
    },
    enforcement_mode: (body, key, { draft }) => {
      const mode = choiceField(body, key, ENFORCEMENT_MODES)
      if (mode === 'reject' && draft.enforcement_mode !== 'reject')
        invalid("Enforcement mode 'reject' is not available for this project.", key)
      return mode
    },
    post_to_slack: field.boolean(),
    default_columns: (body, key) => {
      const columns = arrayField(body, key, { nullable: true })
      return columns === undefined ? undefined : (columns ?? []).map(String)
    },
  },
  unique: {
    field: 'name',
    message: () => 'Event definition with this name already exists.',
    withField: { create: true, update: true },
    onChangeOnly: true,
  },
  written(store, definition, previous) {
    if (!previous) return
    const now = store.timestamp()
    Object.assign(definition, { updated_at: now, last_updated_at: now, updated_by: FAKE_USER })
  },
  present: (_store, definition) => presentEventDefinition(definition),
})

/** Stores an event definition built from `seed` without validation (seen recently unless told otherwise). */
export function seedEventDefinition(store: FakeStore, seed: EventDefinitionSeed, index: number): FakeEventDefinition {
  return definitions.seed(store, seed, index)
}

function listedEvents(store: FakeStore): string[] {
  return [...store.eventDefinitions.values()]
    .map((definition) => definition.name)
    .filter((name) => !name.startsWith('$') || LISTED_SYSTEM_EVENTS.includes(name))
    .sort()
}

function identifier(name: string, style: 'pascal' | 'snake'): string {
  const words = name
    .replace(/^\$/, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
  if (style === 'snake') return words.map((word) => word.toLowerCase()).join('_') || 'event'
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('') || 'Event'
}

/** A code listing: `{content, event_count, schema_hash, generator_version}` (§7.2). */
function listing(store: FakeStore, language: 'golang' | 'python' | 'typescript'): Response {
  const events = listedEvents(store)
  const version = language === 'typescript' ? '1.1.0' : '1.0.0'
  let content: string
  if (language === 'golang') {
    content = [
      '// Code generated by PostHog. DO NOT EDIT.',
      'package typed',
      '',
      'import "github.com/posthog/posthog-go"',
      '',
      'const (',
      ...events.map((name) => `\tEvent${identifier(name, 'pascal')} = ${JSON.stringify(name)}`),
      ')',
      '',
      '// Capture sends an event with its properties.',
      'func Capture(client posthog.Client, distinctID string, event string, properties posthog.Properties) error {',
      '\treturn client.Enqueue(posthog.Capture{DistinctId: distinctID, Event: event, Properties: properties})',
      '}',
      '',
    ].join('\n')
  } else if (language === 'python') {
    content = [
      '"""Generated by PostHog. Do not edit."""',
      'from typing import Any, Literal, Optional',
      '',
      'import posthog',
      '',
      `EventName = Literal[${events.map((name) => JSON.stringify(name)).join(', ')}]`,
      '',
      '',
      'def capture(distinct_id: str, event: EventName, properties: Optional[dict[str, Any]] = None) -> None:',
      '    posthog.capture(distinct_id=distinct_id, event=event, properties=properties or {})',
      '',
    ].join('\n')
  } else {
    content = [
      '// Generated by PostHog. Do not edit.',
      "import posthog from 'posthog-js'",
      '',
      `export type EventName = ${events.length === 0 ? 'never' : events.map((name) => `'${name}'`).join(' | ')}`,
      '',
      'export function capture(event: EventName, properties?: Record<string, unknown>): void {',
      '  posthog.capture(event, properties)',
      '}',
      '',
    ].join('\n')
  }
  return json({
    content,
    event_count: events.length,
    schema_hash: hash128(`${language}:${version}:${events.join('\n')}`),
    generator_version: version,
  })
}

/** `-last_seen_at::date` sorts by the day only. */
function orderValue(definition: FakeEventDefinition, field: string): unknown {
  if (field === 'last_seen_at::date') return definition.last_seen_at?.slice(0, 10) ?? null
  return definition[field]
}

function jsonList(query: URLSearchParams, key: string): string[] | undefined {
  const raw = query.get(key)
  if (!raw) return undefined
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed.map(String) : undefined
  } catch {
    return raw.split(',')
  }
}

export const eventDefinitionHandlers: GroupHandlers<'eventDefinitions'> = {
  'eventDefinitions.list': (context) => {
    const { store, query } = context
    let items = [...store.eventDefinitions.values()]
    const eventType = query.get('event_type') ?? 'event'
    if (eventType === 'event_custom') items = items.filter((item) => !item.name.startsWith('$'))
    if (eventType === 'event_posthog') items = items.filter((item) => item.name.startsWith('$'))
    const search = query.get('search')
    if (search) items = items.filter((item) => icontains(item.name, search))
    if (parseBoolean(query.get('exclude_hidden')) === true) items = items.filter((item) => !item.hidden)
    const excluded = jsonList(query, 'excluded_properties')
    if (excluded) items = items.filter((item) => !excluded.includes(item.name))
    const tags = jsonList(query, 'tags')
    if (tags && tags.length > 0) items = items.filter((item) => item.tags.some((tag) => tags.includes(tag)))
    const ordering = query
      .getAll('ordering')
      .flatMap((value) => value.split(','))
      .filter(Boolean)
    sortBy(items, ordering.length > 0 ? ordering : ['-last_seen_at::date', 'name'], orderValue)
    return definitions.page(context, items)
  },

  'eventDefinitions.create': definitions.create,
  'eventDefinitions.retrieve': definitions.retrieve,
  'eventDefinitions.update': definitions.update,
  'eventDefinitions.delete': definitions.delete,

  'eventDefinitions.metrics': (context) => json({ query_usage_30_day: definitions.find(context).query_usage_30_day }),

  'eventDefinitions.golang': ({ store }) => listing(store, 'golang'),
  'eventDefinitions.python': ({ store }) => listing(store, 'python'),
  'eventDefinitions.typescript': ({ store }) => listing(store, 'typescript'),
}
