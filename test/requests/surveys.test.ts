import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import * as questions from '../../src/model/survey-questions.js'
import * as requests from '../../src/requests/surveys.js'
import * as payloads from '../fixtures/payloads/surveys.js'

/**
 * The survey request schemas (src/requests/surveys.ts, src/model/survey-questions.ts) accept the
 * realistic payloads of the type tests and of the service's documentation (docs/service-behaviour.md §5,
 * §P2), and refuse run-time mistakes at the path of the mistake.
 */
type Schema = z.ZodMiniType

/** Each payload of test/fixtures/payloads/surveys.ts with the schema of the type it is written as. */
const typed: Record<keyof typeof payloads, Schema> = {
  npsQuestion: questions.surveyQuestionSchema,
  nps: requests.surveyCreateParamsSchema,
  choices: requests.surveyCreateParamsSchema,
  links: requests.surveyCreateParamsSchema,
  external: requests.surveyCreateParamsSchema,
  apiSurvey: requests.surveyCreateParamsSchema,
  stop: requests.surveyUpdateParamsSchema,
  sampling: requests.surveyUpdateParamsSchema,
  lastMonth: requests.surveyStatsParamsSchema,
}

const creates = [payloads.nps, payloads.choices, payloads.links, payloads.external, payloads.apiSurvey]
const allQuestions = [payloads.npsQuestion, ...creates.flatMap((body) => body.questions ?? [])]
const questionSchemas: Record<string, Schema> = {
  open: questions.surveyOpenQuestionSchema,
  link: questions.surveyLinkQuestionSchema,
  rating: questions.surveyRatingQuestionSchema,
  single_choice: questions.surveySingleChoiceQuestionSchema,
  multiple_choice: questions.surveyMultipleChoiceQuestionSchema,
}

/** The nested payloads inside the type-test payloads, each with the schema of its own type. */
const nested: Array<[string, Schema, unknown]> = [
  ...allQuestions.map((question, index): [string, Schema, unknown] => [
    `question ${index} (${question.type})`,
    questionSchemas[question.type]!,
    question,
  ]),
  ...allQuestions.flatMap((question, index): Array<[string, Schema, unknown]> => {
    if (!('branching' in question) || !question.branching) return []
    const { branching } = question
    if (branching.type !== 'response_based')
      return [[`question ${index} branching`, questions.surveyBranchingSchema, branching]]
    const schema =
      question.type === 'rating' ? questions.surveyRatingBranchingSchema : questions.surveyResponseBasedBranchingSchema
    return [[`question ${index} branching`, schema, branching]]
  }),
  ...allQuestions.flatMap((question, index) =>
    question.type === 'open'
      ? (question.validation ?? []).map((rule): [string, Schema, unknown] => [
          `question ${index} validation`,
          questions.surveyQuestionValidationSchema,
          rule,
        ])
      : [],
  ),
  ...allQuestions.flatMap((question, index): Array<[string, Schema, unknown]> =>
    question.type === 'link' ? [[`question ${index} link`, questions.surveyLinkSchema, question.link]] : [],
  ),
  ...creates.flatMap((body): Array<[string, Schema, unknown]> =>
    body.conditions ? [[`${body.name} conditions`, questions.surveyConditionsSchema, body.conditions]] : [],
  ),
  ...creates.flatMap((body): Array<[string, Schema, unknown]> =>
    body.appearance ? [[`${body.name} appearance`, questions.surveyAppearanceSchema, body.appearance]] : [],
  ),
  ...creates.flatMap((body) =>
    (body.conditions?.events?.values ?? []).flatMap((event) =>
      Object.values(event.propertyFilters ?? {}).map((filter): [string, Schema, unknown] => [
        `${event.name} property filter`,
        questions.surveyEventPropertyFilterSchema,
        filter,
      ]),
    ),
  ),
]

/** Realistic payloads of the shapes the type tests have none of. */
const written: Array<[string, Schema, unknown]> = [
  [
    'update: conditions and appearance cleared, a flag linked',
    requests.surveyWriteFieldsSchema,
    {
      conditions: null,
      appearance: null,
      linked_flag_id: 42,
      targeting_flag_filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
    },
  ],
  [
    'update: a recurring schedule with dates',
    requests.surveyUpdateParamsSchema,
    {
      schedule: 'recurring',
      iteration_count: 3,
      iteration_frequency_days: 30,
      iteration_start_dates: [new Date('2026-11-01T00:00:00Z'), null],
      current_iteration: 1,
      current_iteration_start_date: '2026-11-01T00:00:00Z',
    },
  ],
  [
    'update: sampling by day',
    requests.surveyUpdateParamsSchema,
    {
      response_sampling_start_date: '2026-11-01T00:00:00Z',
      response_sampling_interval_type: 'day',
      response_sampling_daily_limits: [{ date: '2026-11-01', daily_response_limit: 10, rollout_percentage: 100 }],
    },
  ],
  [
    'create in a folder',
    requests.surveyCreateParamsSchema,
    { name: 'Folder survey', type: 'api', _create_in_folder: 'Research/2026' },
  ],
  ['launch now', requests.surveyLaunchParamsSchema, {}],
  ['launch later', requests.surveyLaunchParamsSchema, { start_date: new Date('2026-12-01T09:00:00Z') }],
  ['stop at a date', requests.surveyStopParamsSchema, { end_date: '2026-12-31T23:59:59Z' }],
  ['list', requests.surveyListParamsSchema, { limit: 50, offset: 100, search: 'NPS' }],
  ['list, options from the environment', requests.surveyListParamsSchema, { limit: undefined, search: undefined }],
  ['activity', requests.surveyActivityParamsSchema, { limit: 10, page: 2 }],
  ['duplicate', requests.duplicateToProjectsParamsSchema, { target_team_ids: [2, 3] }],
  [
    'all stats',
    requests.surveyAllStatsParamsSchema,
    { date_from: new Date('2026-10-01T00:00:00Z'), date_to: '2026-10-31T23:59:59Z' },
  ],
  [
    'summarize by id',
    requests.summarizeResponsesParamsSchema,
    { question_id: '0190a3c4-6f1e-7000-8000-000000000001', force_refresh: true },
  ],
  ['summarize by index', requests.summarizeResponsesParamsSchema, { question_index: 0 }],
  ['headline', requests.summaryHeadlineParamsSchema, { force_refresh: true }],
  [
    'responses, a page of scores',
    requests.surveyResponsesParamsSchema,
    {
      limit: 200,
      offset: 200,
      exclude_archived: true,
      question_id: '0190a3c4-6f1e-7000-8000-000000000001',
      score_gte: 9,
      score_lte: 10,
    },
  ],
  [
    'responses in a window',
    requests.surveyResponsesParamsSchema,
    { since: new Date('2026-11-01T00:00:00Z'), until: '2026-11-30T23:59:59Z', limit: undefined },
  ],
  [
    'responses count',
    requests.surveyResponsesCountParamsSchema,
    { exclude_archived: true, survey_ids: ['0190a3c4-6f1e-7000-8000-000000000001'] },
  ],
  [
    'question fields',
    questions.surveyQuestionFieldsSchema,
    { question: 'Anything else?', id: '0190a3c4-6f1e-7000-8000-000000000002', description: null, optional: true },
  ],
  [
    'choice fields',
    questions.surveyChoiceFieldsSchema,
    { question: 'Which plan?', choices: ['Free', 'Paid'], shuffleOptions: false },
  ],
  [
    'translation',
    questions.surveyQuestionTranslationSchema,
    { question: 'Welche Funktion?', choices: ['Dashboards', 'Warnungen'] },
  ],
  [
    'question with translations',
    questions.surveyQuestionSchema,
    {
      type: 'single_choice',
      question: 'Which feature?',
      choices: ['Dashboards', 'Alerts'],
      translations: { de: { question: 'Welche Funktion?', choices: ['Dashboards', 'Warnungen'] } },
    },
  ],
  [
    'open question with length rules',
    questions.surveyOpenQuestionSchema,
    {
      type: 'open',
      question: 'Why?',
      validation: [{ type: 'min_length', value: 10 }, { type: 'max_length', value: 500 }, { type: 'email' }],
    },
  ],
  [
    'conditions with actions and a variant',
    questions.surveyConditionsSchema,
    {
      actions: { values: [{ id: 7, name: 'Signed up' }] },
      linkedFlagVariant: 'any',
      selector: '#pricing',
      events: null,
    },
  ],
  ['event filter with gt', questions.surveyEventPropertyFilterSchema, { values: ['100'], operator: 'gt' }],
  ['mailto link', questions.surveyLinkSchema, 'mailto:beta@posthog.com'],
]

const accepted = [
  ...Object.entries(payloads).map(([name, value]): [string, Schema, unknown] => [
    name,
    typed[name as keyof typeof payloads],
    value,
  ]),
  ...nested,
  ...written,
]

describe('survey request schemas accept realistic payloads', () => {
  it.each(accepted)('%s', (_name, schema, value) => {
    const result = z.safeParse(schema, value)
    expect(result.error?.issues).toBeUndefined()
    expect(result.data).toEqual(value)
  })

  it('maps every payload of the type tests, and every schema has at least one', () => {
    expect(Object.keys(typed).sort()).toEqual(Object.keys(payloads).sort())
    const modules: Array<Record<string, unknown>> = [questions, requests]
    const exported = modules
      .flatMap((module) => Object.entries(module))
      .filter((entry): entry is [string, Schema] => entry[1] instanceof z.ZodMiniType)
    const used = new Set(accepted.map(([, schema]) => schema))
    expect(exported.filter(([, schema]) => !used.has(schema)).map(([name]) => name)).toEqual([])
    expect(exported.length).toBeGreaterThanOrEqual(30)
  })
})

/** The issues zod finds, each as `code path` (keys of unknown-key issues appended). */
function problems(schema: Schema, value: unknown): string[] {
  const result = z.safeParse(schema, value)
  if (result.success) return []
  return result.error.issues.map(
    (issue) =>
      `${issue.code} ${issue.path.join('.')}${issue.code === 'unrecognized_keys' ? ` ${issue.keys.join(',')}` : ''}`,
  )
}

describe('survey request schemas refuse mistakes, at their path', () => {
  const create = (fields: object) => ({ name: 'S', type: 'popover', ...fields })

  it('an unknown key, at the top and nested', () => {
    expect(problems(requests.surveyUpdateParamsSchema, { nmae: 'Renamed' })).toEqual(['unrecognized_keys  nmae'])
    expect(problems(requests.surveyCreateParamsSchema, create({ appearance: { delaySeconds: 5 } }))).toEqual([
      'unrecognized_keys appearance delaySeconds',
    ])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({ questions: [{ type: 'rating', question: 'How?', scael: 10 }] }),
      ),
    ).toEqual(['unrecognized_keys questions.0 scael'])
    expect(problems(requests.surveyListParamsSchema, { serach: 'NPS' })).toEqual(['unrecognized_keys  serach'])
  })

  it('a value outside a closed enum', () => {
    expect(problems(requests.surveyCreateParamsSchema, create({ type: 'full_screen' }))).toEqual(['invalid_value type'])
    expect(problems(requests.surveyUpdateParamsSchema, { conditions: { deviceTypes: ['Watch'] } })).toEqual([
      'invalid_value conditions.deviceTypes.0',
    ])
    expect(problems(requests.surveyUpdateParamsSchema, { response_sampling_interval_type: 'year' })).toEqual([
      'invalid_value response_sampling_interval_type',
    ])
    expect(
      problems(requests.surveyCreateParamsSchema, create({ questions: [{ type: 'raiting', question: 'How?' }] })),
    ).toEqual(['invalid_union questions.0.type'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({ questions: [{ type: 'rating', question: 'How?', scale: 4 }] }),
      ),
    ).toEqual(['invalid_value questions.0.scale'])
  })

  it('a wrong type', () => {
    expect(problems(requests.surveyStatsParamsSchema, { date_from: 1_700_000_000 })).toEqual([
      'invalid_union date_from',
    ])
    expect(problems(requests.surveyUpdateParamsSchema, { appearance: { zIndex: 9999 } })).toEqual([
      'invalid_type appearance.zIndex',
    ])
    expect(problems(requests.duplicateToProjectsParamsSchema, { target_team_ids: ['2'] })).toEqual([
      'invalid_type target_team_ids.0',
    ])
    expect(problems(requests.surveyListParamsSchema, { limit: '50' })).toEqual(['invalid_type limit'])
  })

  it('a missing or malformed nested field', () => {
    expect(problems(requests.surveyCreateParamsSchema, { name: 'S' })).toEqual(['invalid_value type'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({
          questions: [
            { type: 'open', question: 'Q' },
            { type: 'single_choice', question: 'Which?' },
          ],
        }),
      ),
    ).toEqual(['invalid_type questions.1.choices'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({ questions: [{ type: 'multiple_choice', question: 'Which?', choices: [] }] }),
      ),
    ).toEqual(['invalid_type questions.0.choices.0'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({ questions: [{ type: 'link', question: 'Read', link: 'http://example.com' }] }),
      ),
    ).toEqual(['custom questions.0.link'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({ questions: [{ type: 'open', question: 'Q', branching: { type: 'specific_question' } }] }),
      ),
    ).toEqual(['invalid_type questions.0.branching.index'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({
          questions: [{ type: 'open', question: 'Q', branching: { type: 'response_based', responseValues: {} } }],
        }),
      ),
    ).toEqual(['invalid_union questions.0.branching.type'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({ questions: [{ type: 'multiple_choice', question: 'Q', choices: ['a'], branching: { type: 'end' } }] }),
      ),
    ).toEqual(['unrecognized_keys questions.0 branching'])
    expect(
      problems(
        requests.surveyCreateParamsSchema,
        create({
          conditions: {
            events: {
              values: [{ name: 'upgrade', propertyFilters: { plan: { values: ['scale'], operator: 'contains' } } }],
            },
          },
        }),
      ),
    ).toEqual(['invalid_union conditions.events.values.0.propertyFilters.plan.operator'])
  })

  it('an undefined body field (absent is not undefined), where a query field may be undefined', () => {
    expect(problems(requests.surveyUpdateParamsSchema, { name: undefined })).toEqual(['invalid_type name'])
    expect(problems(requests.surveyLaunchParamsSchema, { start_date: undefined })).toEqual(['invalid_union start_date'])
    expect(
      problems(requests.surveyResponsesCountParamsSchema, { exclude_archived: undefined, survey_ids: undefined }),
    ).toEqual([])
  })
})
