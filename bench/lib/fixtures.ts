/**
 * Realistic experiment bodies (docs/service-behaviour.md §3.1): every field the service renders, nested
 * feature flag, holdout, saved metrics with queries, ExperimentMetric objects, parameters and
 * created_by, with the nulls the service sends. Deterministic per id, with some variety between ids
 * (drafts and running ones, with and without a holdout, one to three metrics).
 */

const HEX = '0123456789abcdef'

/** A deterministic UUID-shaped string for a seed. */
function uuid(seed: number): string {
  let state = (seed * 2654435761) >>> 0
  let out = ''
  for (let index = 0; index < 32; index++) {
    state = (state * 1103515245 + 12345) >>> 0
    out += HEX[(state >>> 16) & 15]
    if (index === 7 || index === 11 || index === 15 || index === 19) out += '-'
  }
  return out
}

function timestamp(dayOffset: number, seconds: number): string {
  const date = new Date(Date.UTC(2025, 0, 1) + dayOffset * 86_400_000 + seconds * 1000)
  return `${date.toISOString().slice(0, 19)}.${String((seconds * 7919) % 1_000_000).padStart(6, '0')}Z`
}

export function user(id: number) {
  return {
    id,
    uuid: uuid(id * 31),
    distinct_id: `${uuid(id * 37)}`,
    first_name: ['Ada', 'Grace', 'Linus', 'Margaret'][id % 4] ?? 'Ada',
    last_name: id % 3 === 0 ? '' : 'Lovelace',
    email: `user${id}@example.com`,
    is_email_verified: id % 2 === 0 ? true : null,
    hedgehog_config:
      id % 2 === 0 ? { use_as_profile: true, color: 'blue', accessories: ['party_hat'], skin: 'default' } : null,
    role_at_organization: id % 5 === 0 ? '' : 'engineering',
  }
}

function metric(seed: number, kind: number) {
  const base = {
    kind: 'ExperimentMetric',
    uuid: uuid(seed),
    name: ['Purchase conversion', 'Revenue per user', 'Checkout started'][kind % 3],
    goal: kind % 4 === 3 ? 'decrease' : 'increase',
    fingerprint: uuid(seed + 1).replaceAll('-', ''),
    conversion_window: 14,
    conversion_window_unit: 'day',
  }
  if (kind % 3 === 1) {
    return {
      ...base,
      metric_type: 'mean',
      source: { kind: 'EventsNode', event: 'purchase', math: 'sum', math_property: 'revenue', properties: [] },
      lower_bound_percentile: null,
      upper_bound_percentile: 0.99,
      ignore_zeros: false,
    }
  }
  return {
    ...base,
    metric_type: 'funnel',
    series: [
      {
        kind: 'EventsNode',
        event: '$pageview',
        name: '$pageview',
        properties: [{ key: '$current_url', value: '/checkout', operator: 'icontains', type: 'event' }],
      },
      { kind: 'EventsNode', event: 'purchase', name: 'purchase', properties: [] },
    ],
    funnel_order_type: 'ordered',
  }
}

/** One experiment as list and retrieve return it. */
export function experiment(id: number) {
  const running = id % 3 !== 0
  const withHoldout = id % 4 === 1
  const metricCount = 1 + (id % 3)
  const metrics = Array.from({ length: metricCount }, (_, index) => metric(id * 10 + index, id + index))
  const secondary = [metric(id * 10 + 7, id + 1)]
  const variants = [
    { key: 'control', name: 'Control', rollout_percentage: 50 },
    { key: 'test', name: 'Test', rollout_percentage: 50 },
  ]
  const creator = user(1 + (id % 7))
  return {
    id,
    name: `Checkout redesign #${id}`,
    description: id % 2 === 0 ? `Does the one-page checkout raise conversion? Iteration ${id}.` : null,
    start_date: running ? timestamp(id % 200, id) : null,
    end_date: id % 9 === 0 ? timestamp((id % 200) + 30, id) : null,
    feature_flag_key: `checkout-redesign-${id}`,
    feature_flag: {
      id: 10_000 + id,
      team_id: 1,
      name: `Feature Flag for Experiment Checkout redesign #${id}`,
      key: `checkout-redesign-${id}`,
      filters: {
        groups: [{ properties: [], rollout_percentage: 100, variant: null }],
        multivariate: { variants },
        aggregation_group_type_index: null,
        payloads: {},
        holdout_groups: withHoldout ? [{ properties: [], rollout_percentage: 10, variant: `holdout-${id}` }] : null,
      },
      deleted: false,
      active: running,
      ensure_experience_continuity: false,
      has_encrypted_payloads: false,
      version: 1 + (id % 5),
      evaluation_runtime: 'all',
      bucketing_identifier: 'distinct_id',
      evaluation_tags: [],
    },
    holdout: withHoldout
      ? {
          id,
          name: `Holdout ${id}`,
          description: null,
          filters: [{ properties: [], rollout_percentage: 10, variant: `holdout-${id}` }],
          created_by: creator,
          created_at: timestamp(id % 100, 11),
          updated_at: timestamp(id % 100, 12),
        }
      : null,
    holdout_id: withHoldout ? id : null,
    exposure_cohort: running && id % 5 === 0 ? 500 + id : null,
    parameters: {
      feature_flag_variants: variants.map(({ key, rollout_percentage }) => ({ key, rollout_percentage })),
      minimum_detectable_effect: 30,
      recommended_running_time: 14.5,
      recommended_sample_size: 12_400,
      aggregation_group_type_index: null,
    },
    secondary_metrics: [],
    saved_metrics:
      id % 2 === 1
        ? [
            {
              id: id * 3,
              experiment: id,
              saved_metric: 900 + (id % 11),
              metadata: { type: 'secondary' },
              created_at: timestamp(id % 100, 13),
              query: { ...metric(id * 10 + 8, id + 2), fingerprint: uuid(id * 10 + 9).replaceAll('-', '') },
              name: 'Saved: bounce rate',
            },
          ]
        : [],
    saved_metrics_ids: null,
    filters: {},
    archived: false,
    deleted: false,
    created_by: creator,
    created_at: timestamp(id % 200, 1),
    updated_at: timestamp(id % 200, 2),
    type: 'product',
    exposure_criteria: {
      filterTestAccounts: true,
      exposure_config: { kind: 'ExperimentEventExposureConfig', event: '$feature_flag_called', properties: [] },
      multiple_variant_handling: 'exclude',
    },
    metrics,
    metrics_secondary: secondary,
    stats_config: { method: id % 2 ? 'bayesian' : 'frequentist' },
    scheduling_config: null,
    conclusion: id % 9 === 0 ? 'won' : null,
    conclusion_comment: id % 9 === 0 ? 'Clear winner after two weeks.' : null,
    primary_metrics_ordered_uuids: metrics.map((item) => item.uuid),
    secondary_metrics_ordered_uuids: secondary.map((item) => item.uuid),
    exposure_preaggregation_enabled: false,
    user_access_level: 'editor',
  }
}

/** A DRF limit/offset page envelope (docs/service-behaviour.md §1.5) of `limit` experiments from `offset`. */
export function experimentPage(listUrl: string, offset: number, limit: number, total: number) {
  const end = Math.min(offset + limit, total)
  const results = []
  for (let id = offset + 1; id <= end; id++) results.push(experiment(id))
  const link = (at: number) => `${listUrl}?limit=${limit}${at > 0 ? `&offset=${at}` : ''}`
  return {
    count: total,
    next: end < total ? link(end) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  }
}

/**
 * One survey response row as the responses endpoint gives it (docs/service-behaviour.md §10.1): three answers, `extra`.
 */
export function surveyResponseRow(n: number) {
  return {
    uuid: uuid(n * 7 + 3),
    distinct_id: `person-${n}`,
    session_id: n % 3 ? uuid(n * 7 + 4) : null,
    submitted_at: timestamp(n % 300, n % 86_400),
    answers: [
      {
        question_id: uuid(1),
        question_index: 0,
        question_text: 'How likely are you to recommend us to a friend?',
        question_type: 'rating',
        answer: String(n % 11),
      },
      {
        question_id: uuid(2),
        question_index: 1,
        question_text: 'What is the main reason for your score?',
        question_type: 'open',
        answer: `Reason number ${n}: the onboarding was quick and the docs were clear.`,
      },
      {
        question_id: uuid(3),
        question_index: 2,
        question_text: 'Which features do you use?',
        question_type: 'multiple_choice',
        answer: ['Insights', 'Surveys', 'Feature flags'].slice(0, 1 + (n % 3)),
      },
    ],
    extra: {
      device_type: n % 2 ? 'Desktop' : 'Mobile',
      browser: 'Firefox',
      os: 'Linux',
      geoip_country_code: 'DE',
      geoip_country_name: 'Germany',
      geoip_city_name: 'Berlin',
      current_url: `https://example.com/pricing?ref=${n}`,
      iteration: null,
    },
  }
}

/** A page of the survey responses endpoint: `{results, has_more, limit, offset}`, newest first. */
export function surveyResponsePage(offset: number, limit: number, total: number) {
  const end = Math.min(offset + limit, total)
  const results = []
  for (let n = total - offset; n > total - end; n--) results.push(surveyResponseRow(n))
  return { results, has_more: end < total, limit, offset }
}
