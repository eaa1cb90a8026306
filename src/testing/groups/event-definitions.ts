/**
 * Event definitions (docs/service-behaviour.md §7): CRUD with a hard delete (204), usage metrics, and generated
 * code listings for Go, Python and TypeScript.
 */
import type { GroupHandlers, OperationContext } from '../context.js'
import { findRecord, pageOf } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { empty, invalid, json } from '../responses.js'
import { arrayField, bodyObject, booleanField, choiceField, integerField, parseBoolean, stringField } from '../validators.js'
import { EVENT_DEFINITION_ENFORCEMENT_MODES } from '../../model/enums.js'
import type { FakeEventDefinition } from '../records.js'
import { FAKE_USER, clone, hash128, type FakeStore } from '../store.js'

const ENFORCEMENT_MODES = EVENT_DEFINITION_ENFORCEMENT_MODES
/** Events with a `$` that the code listings still include (§7.2). */
const LISTED_SYSTEM_EVENTS = ['$pageview', '$pageleave', '$screen']

/** Fields a seed may set. */
export type EventDefinitionSeed = Partial<FakeEventDefinition>

/** Stores an event definition built from `seed` without validation (seen recently unless told otherwise). */
export function seedEventDefinition(store: FakeStore, seed: EventDefinitionSeed, index: number): FakeEventDefinition {
  const createdAt = seed.created_at === undefined ? store.timestamp(-(30 * 60_000) + index * 1000) : seed.created_at
  const definition = baseDefinition(store, seed.name ?? `event_${store.eventDefinitions.size + 1}`)
  Object.assign(definition, { created_at: createdAt, last_seen_at: createdAt, updated_at: createdAt ?? store.timestamp(), last_updated_at: createdAt ?? store.timestamp() }, seed)
  store.eventDefinitions.set(definition.id, definition)
  return definition
}

function baseDefinition(store: FakeStore, name: string): FakeEventDefinition {
  const now = store.timestamp()
  return {
    id: store.uuid(),
    name,
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

function findDefinition(context: OperationContext): FakeEventDefinition {
  return findRecord(context, context.store.eventDefinitions)
}

function applyWritable(store: FakeStore, target: FakeEventDefinition, body: Record<string, unknown>): void {
  const owner = integerField(body, 'owner', { nullable: true })
  if (owner !== undefined) target.owner = owner
  const description = stringField(body, 'description', { nullable: true })
  if (description !== undefined) target.description = description
  const tags = arrayField(body, 'tags')
  if (tags) target.tags = tags.map(String)
  const verified = booleanField(body, 'verified')
  if (typeof verified === 'boolean' && verified !== target.verified) {
    target.verified = verified
    target.verified_at = verified ? store.timestamp() : null
    target.verified_by = verified ? FAKE_USER : null
  }
  const hidden = booleanField(body, 'hidden', { nullable: true })
  if (hidden !== undefined) target.hidden = hidden
  if (target.hidden && target.verified) invalid('An event cannot be both hidden and verified.')
  const mode = choiceField(body, 'enforcement_mode', ENFORCEMENT_MODES)
  if (mode === 'reject' && target.enforcement_mode !== 'reject') {
    invalid("Enforcement mode 'reject' is not available for this project.", 'enforcement_mode')
  }
  if (typeof mode === 'string') target.enforcement_mode = mode
  const slack = booleanField(body, 'post_to_slack')
  if (typeof slack === 'boolean') target.post_to_slack = slack
  const columns = arrayField(body, 'default_columns', { nullable: true })
  if (columns !== undefined) target.default_columns = (columns ?? []).map(String)
}

function listedEvents(store: FakeStore): string[] {
  return [...store.eventDefinitions.values()]
    .map((definition) => definition.name)
    .filter((name) => !name.startsWith('$') || LISTED_SYSTEM_EVENTS.includes(name))
    .sort()
}

function identifier(name: string, style: 'pascal' | 'snake'): string {
  const words = name.replace(/^\$/, '').split(/[^a-zA-Z0-9]+/).filter(Boolean)
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
    const ordering = query.getAll('ordering').flatMap((value) => value.split(',')).filter(Boolean)
    sortBy(items, ordering.length > 0 ? ordering : ['-last_seen_at::date', 'name'], orderValue)
    return pageOf(context, items, presentEventDefinition)
  },

  'eventDefinitions.create': ({ store, body: raw }) => {
    const body = bodyObject(raw)
    const name = stringField(body, 'name', { required: true, maxLength: 400, allowBlank: false }) as string
    if ([...store.eventDefinitions.values()].some((item) => item.name === name)) {
      invalid('Event definition with this name already exists.', 'name', 'unique')
    }
    const definition = baseDefinition(store, name)
    applyWritable(store, definition, body)
    store.eventDefinitions.set(definition.id, definition)
    return json(presentEventDefinition(definition), 201)
  },

  'eventDefinitions.retrieve': (context) => json(presentEventDefinition(findDefinition(context))),

  'eventDefinitions.update': (context) => {
    const { store } = context
    const definition = findDefinition(context)
    const body = bodyObject(context.body)
    const draft = clone(definition)
    const name = stringField(body, 'name', { maxLength: 400, allowBlank: false })
    if (typeof name === 'string' && name !== definition.name) {
      if ([...store.eventDefinitions.values()].some((item) => item.name === name)) {
        invalid('Event definition with this name already exists.', 'name', 'unique')
      }
      draft.name = name
    }
    applyWritable(store, draft, body)
    const now = store.timestamp()
    Object.assign(definition, draft, { updated_at: now, last_updated_at: now, updated_by: FAKE_USER })
    return json(presentEventDefinition(definition))
  },

  'eventDefinitions.delete': (context) => {
    const definition = findDefinition(context)
    context.store.eventDefinitions.delete(definition.id)
    return empty(204)
  },

  'eventDefinitions.metrics': (context) => json({ query_usage_30_day: findDefinition(context).query_usage_30_day }),

  'eventDefinitions.golang': ({ store }) => listing(store, 'golang'),
  'eventDefinitions.python': ({ store }) => listing(store, 'python'),
  'eventDefinitions.typescript': ({ store }) => listing(store, 'typescript'),
}
