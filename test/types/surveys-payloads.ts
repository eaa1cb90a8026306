/** Surveys: realistic payloads from docs/service-behaviour.md §5 and §P2 (also sent to the fake by test/types-payloads.test.ts). */
import type { SurveyCreateParams, SurveyQuestion, SurveyStatsParams, SurveyUpdateParams } from 'posthog-project-client'
import { payload } from './helpers.js'

export const npsQuestion = payload<SurveyQuestion>({
  type: 'rating',
  question: 'How likely are you to recommend us to a friend?',
  display: 'number',
  scale: 10,
  isNpsQuestion: true,
  lowerBoundLabel: 'Unlikely',
  upperBoundLabel: 'Very likely',
  branching: { type: 'response_based', responseValues: { detractors: 1, passives: 2, promoters: 'end' } },
})

export const nps = payload<SurveyCreateParams>({
  name: 'NPS Q4',
  type: 'popover',
  description: 'Quarterly NPS',
  questions: [
    npsQuestion,
    { type: 'open', question: 'What should we improve?', optional: true, validation: [{ type: 'max_length', value: 500 }], branching: { type: 'end' } },
    { type: 'open', question: 'What do you like most?', buttonText: 'Send' },
  ],
  conditions: { url: '/billing', urlMatchType: 'icontains', seenSurveyWaitPeriodInDays: 14, deviceTypes: ['Desktop'], deviceTypesMatchType: 'exact' },
  appearance: { position: 'right', backgroundColor: '#eeeded', submitButtonColor: 'black', displayThankYouMessage: true, thankYouMessageHeader: 'Thank you!', surveyPopupDelaySeconds: 3 },
  schedule: 'recurring',
  iteration_count: 4,
  iteration_frequency_days: 90,
})

export const choices = payload<SurveyCreateParams>({
  name: 'Feature interest',
  type: 'widget',
  questions: [
    {
      type: 'single_choice',
      question: 'Which feature would you use most?',
      choices: ['Dashboards', 'Alerts', 'Exports', 'Other'],
      hasOpenChoice: true,
      shuffleOptions: true,
      branching: { type: 'response_based', responseValues: { '0': 1, '1': 'end' } },
    },
    { type: 'multiple_choice', question: 'Where do you work?', choices: ['Office', 'Home'] },
  ],
  appearance: { widgetType: 'tab', widgetLabel: 'Feedback', widgetColor: '#1d4aff' },
})

export const links = payload<SurveyCreateParams>({
  name: 'Beta invitation',
  type: 'popover',
  questions: [
    { type: 'link', question: 'Join the beta', link: 'https://posthog.com/beta', buttonText: 'Sign up', branching: { type: 'specific_question', index: 1 } },
    { type: 'link', question: 'Or write to us', link: 'mailto:beta@posthog.com' },
  ],
  conditions: { events: { repeatedActivation: true, values: [{ name: 'upgrade_clicked', propertyFilters: { plan: { values: ['scale'], operator: 'exact' } } }] } },
  start_date: new Date('2026-11-01T00:00:00Z'),
})

export const external = payload<SurveyCreateParams>({
  name: 'Hosted feedback form',
  type: 'external_survey',
  questions: [{ type: 'rating', question: 'How was onboarding?', display: 'emoji', scale: 5, lowerBoundLabel: 'Bad', upperBoundLabel: 'Great' }],
  enable_partial_responses: true,
})

export const apiSurvey = payload<SurveyCreateParams>({ name: 'In-app API survey', type: 'api', questions: [{ type: 'open', question: 'Anything else?', description: '<b>Optional</b>', descriptionContentType: 'html' }] })
export const stop = payload<SurveyUpdateParams>({ end_date: new Date('2026-12-31T23:59:59Z'), archived: true })
export const sampling = payload<SurveyUpdateParams>({ response_sampling_interval_type: 'week', response_sampling_interval: 1, response_sampling_limit: 100, responses_limit: 1000 })
export const lastMonth = payload<SurveyStatsParams>({ date_from: new Date('2026-10-01T00:00:00Z'), date_to: '2026-10-31T23:59:59Z', exclude_archived: true })
