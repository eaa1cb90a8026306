/**
 * Surveys: misuse cases, each line under `@ts-expect-error` must not compile for the reason in its
 * comment (checked under the strict user-side flags of test/types/tsconfig.json).
 */
import { expectTypeOf } from 'vitest'
import type { Survey, SurveyQuestion, SurveyRatingQuestion } from 'posthog-project-client'
import { client } from './helpers.js'

/** Compile-time checks only: never called. */
export function typeChecks(survey: Survey): void {
  // @ts-expect-error question type 'raiting' is misspelled (the issue's example)
  void client.surveys.create({ name: 'S', type: 'popover', questions: [{ type: 'raiting', question: 'How?' }] })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error 'scael' is not a rating question field
    questions: [{ type: 'rating', question: 'How?', scael: 10 }],
  })
  // @ts-expect-error a single-choice question needs choices
  void client.surveys.create({ name: 'S', type: 'popover', questions: [{ type: 'single_choice', question: 'Which?' }] })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error choices must be non-empty
    questions: [{ type: 'multiple_choice', question: 'Which?', choices: [] }],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error each choice is a string, not a number such as 10
    questions: [{ type: 'single_choice', question: 'Which?', choices: [10, 20] }],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error scale 4 is not 3, 5, 7 or 10
    questions: [{ type: 'rating', question: 'How?', scale: 4 }],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error display is number or emoji
    questions: [{ type: 'rating', question: 'How?', display: 'stars' }],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error a link must be https:// or mailto:
    questions: [{ type: 'link', question: 'Read', link: 'http://example.com' }],
  })
  // @ts-expect-error a link question needs its link
  void client.surveys.create({ name: 'S', type: 'popover', questions: [{ type: 'link', question: 'Read' }] })
  // @ts-expect-error every question needs its text
  void client.surveys.create({ name: 'S', type: 'popover', questions: [{ type: 'open' }] })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error multiple-choice questions cannot branch
    questions: [{ type: 'multiple_choice', question: 'Q', choices: ['a'], branching: { type: 'end' } }],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error response-based branching is for rating and single choice only
    questions: [{ type: 'open', question: 'Q', branching: { type: 'response_based', responseValues: {} } }],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error specific_question branching needs the index
    questions: [{ type: 'open', question: 'Q', branching: { type: 'specific_question' } }],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    questions: [
      // @ts-expect-error responseValues targets are question indexes or 'end'
      { type: 'rating', question: 'Q', branching: { type: 'response_based', responseValues: { '0': 'next' } } },
    ],
  })
  void client.surveys.create({
    name: 'S',
    type: 'popover',
    // @ts-expect-error descriptionContentType is text or html
    questions: [{ type: 'open', question: 'Q', descriptionContentType: 'markdown' }],
  })
  // @ts-expect-error survey type 'full_screen' is not a backend choice
  void client.surveys.create({ name: 'S', type: 'full_screen' })
  // @ts-expect-error create needs the type
  void client.surveys.create({ name: 'S' })
  // @ts-expect-error schedule is once/recurring/always
  void client.surveys.update('id', { schedule: 'daily' })
  // @ts-expect-error urlMatchType has no 'contains' (it is icontains)
  void client.surveys.update('id', { conditions: { url: '/pricing', urlMatchType: 'contains' } })
  // @ts-expect-error deviceTypes are Desktop/Mobile/Tablet
  void client.surveys.update('id', { conditions: { deviceTypes: ['Watch'] } })
  // @ts-expect-error 'delaySeconds' is not an appearance field (surveyPopupDelaySeconds)
  void client.surveys.update('id', { appearance: { delaySeconds: 5 } })
  // @ts-expect-error position 'bottom-right' is the LLM schema's spelling, not the service's
  void client.surveys.update('id', { appearance: { position: 'bottom-right' } })
  // @ts-expect-error zIndex is a string
  void client.surveys.update('id', { appearance: { zIndex: 9999 } })
  // @ts-expect-error response_sampling_interval_type has no 'year'
  void client.surveys.update('id', { response_sampling_interval_type: 'year' })
  // @ts-expect-error stats dates are Date or string, not numbers
  void client.surveys.stats('id', { date_from: 1_700_000_000 })
  // @ts-expect-error summaryHeadline takes only force_refresh
  void client.surveys.summaryHeadline('id', { refresh: true })

  // Responses: required where always sent, open enums, and the question union narrows by type.
  expectTypeOf(survey.name).toEqualTypeOf<string>()
  expectTypeOf<'chat_widget'>().toMatchTypeOf<Survey['type']>()
  const question = survey.questions?.[0]
  if (question?.type === 'rating') expectTypeOf(question).toEqualTypeOf<SurveyRatingQuestion>()
  expectTypeOf<SurveyQuestion['type']>().toEqualTypeOf<
    'open' | 'link' | 'rating' | 'single_choice' | 'multiple_choice'
  >()
}
