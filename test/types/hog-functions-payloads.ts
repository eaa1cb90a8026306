/** Hog functions: realistic payloads from docs/service-behaviour.md §4 and §P4 (also sent to the fake by test/types-payloads.test.ts). */
import type { HogFunctionCreateParams, HogFunctionListParams, HogFunctionLogsParams, HogFunctionMetricsParams, HogFunctionUpdateParams } from 'posthog-project-client'
import { payload } from './helpers.js'

export const webhook = payload<HogFunctionCreateParams>({
  type: 'destination',
  name: 'Order webhook',
  description: 'Posts every order to the fulfilment service',
  enabled: true,
  hog: "let res := fetch(inputs.url, {'method': inputs.method, 'body': inputs.body});\nif (inputs.debug) { print(res.status) }",
  inputs_schema: [
    { type: 'string', key: 'url', label: 'Webhook URL', required: true, secret: false },
    { type: 'choice', key: 'method', label: 'Method', choices: [{ value: 'POST', label: 'POST' }, { value: 'PUT', label: 'PUT' }], default: 'POST' },
    { type: 'json', key: 'body', label: 'JSON body', default: { event: '{event}' }, templating: 'hog' },
    { type: 'string', key: 'api_token', label: 'API token', secret: true },
    { type: 'boolean', key: 'debug', label: 'Log responses', default: false, templating: false },
  ],
  inputs: {
    url: { value: 'https://fulfilment.example.com/orders' },
    method: { value: 'POST' },
    body: { value: { event: '{event}', person: '{person}' }, templating: 'hog' },
    api_token: { value: 'secret-token-value' },
    debug: { value: false },
  },
  filters: {
    source: 'events',
    events: [{ id: 'order_completed', type: 'events', name: 'order_completed', order: 0, properties: [{ type: 'event', key: 'total', operator: 'gt', value: 0 }] }],
    filter_test_accounts: true,
  },
  masking: { ttl: 3600, threshold: null, hash: '{event.properties.order_id}' },
})

export const slack = payload<HogFunctionCreateParams>({
  type: 'destination',
  name: 'Slack alerts',
  hog: "fetch('https://slack.com/api/chat.postMessage', {'body': {'channel': inputs.channel, 'text': inputs.text}})",
  inputs_schema: [
    { type: 'integration', key: 'slack_workspace', label: 'Slack workspace', integration: 'slack', requiredScopes: 'channels:read chat:write' },
    { type: 'integration_field', key: 'channel', label: 'Channel', integration_key: 'slack_workspace', integration_field: 'slack_channel' },
    { type: 'string', key: 'text', label: 'Message', default: '*{person.name}* triggered {event.event}' },
  ],
  inputs: { slack_workspace: { value: 17 }, channel: { value: 'C0123456' }, text: { value: 'New signup: {person.properties.email}', templating: 'hog' } },
  mappings: [
    { name: 'Signups', filters: { events: [{ id: 'signed_up', type: 'events' }] }, inputs: { text: { value: 'Signup {person.properties.email}' } } },
    { name: 'Upgrades', filters: { actions: [{ id: '12', type: 'actions', name: 'Upgraded plan' }] } },
  ],
})

export const geoip = payload<HogFunctionCreateParams>({
  type: 'transformation',
  name: 'GeoIP',
  template_id: 'template-geoip',
  enabled: true,
  execution_order: 0,
})

export const personUpdates = payload<HogFunctionCreateParams>({
  type: 'destination',
  name: 'Sync person properties',
  hog: 'print(person.properties)',
  filters: { source: 'person-updates', properties: [{ type: 'person', key: 'plan', operator: 'exact', value: ['scale', 'enterprise'] }] },
})

export const pause = payload<HogFunctionUpdateParams>({ enabled: false, base_updated_at: new Date('2026-11-20T10:00:00Z') })
export const destinations = payload<HogFunctionListParams>({ type: ['destination', 'site_destination'], enabled: true, search: 'webhook', limit: 50 })
export const errors = payload<HogFunctionLogsParams>({ level: ['WARN', 'ERROR'], after: new Date('2026-11-19T00:00:00Z'), limit: 100 })
export const weekly = payload<HogFunctionMetricsParams>({ after: '-7d', interval: 'day', breakdown_by: 'name', name: ['succeeded', 'failed'] })
