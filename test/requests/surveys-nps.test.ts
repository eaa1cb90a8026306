import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { ProjectClient, type SurveyCreateParams, type SurveyQuestion } from '../../src/index.js'
import { surveyQuestionSchema } from '../../src/model/survey-questions.js'
import { surveyCreateParamsSchema } from '../../src/requests/surveys.js'
import { createFakeApi } from '../../src/testing/index.js'

/**
 * Rating questions branch by bucket (docs/service-behaviour.md §P2.4): `detractors`, `passives`,
 * `promoters` on the NPS scale (10), `negative`, `neutral`, `positive` on 3, 5 and 7. Single-choice
 * questions branch by choice index.
 */
const npsSurvey: SurveyCreateParams = {
  name: 'NPS with follow-ups',
  type: 'popover',
  questions: [
    {
      type: 'rating',
      question: 'How likely are you to recommend us to a friend?',
      scale: 10,
      isNpsQuestion: true,
      lowerBoundLabel: 'Unlikely',
      upperBoundLabel: 'Very likely',
      branching: { type: 'response_based', responseValues: { detractors: 1, passives: 2, promoters: 3 } },
    },
    { type: 'open', question: 'What disappointed you?', branching: { type: 'end' } },
    { type: 'open', question: 'What would make it a 10?', branching: { type: 'end' } },
    {
      type: 'rating',
      question: 'How easy was setting up?',
      display: 'emoji',
      scale: 5,
      branching: { type: 'response_based', responseValues: { negative: 4, neutral: 'end', positive: 'end' } },
    },
    {
      type: 'single_choice',
      question: 'What was hardest?',
      choices: ['Installing', 'Configuring', 'Something else'],
      hasOpenChoice: true,
      branching: { type: 'response_based', responseValues: { '0': 'end', '2': 5 } },
    },
    { type: 'open', question: 'Tell us more' },
  ],
}

function setup() {
  const fake = createFakeApi()
  return new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
}

/** What zod finds wrong in a create body holding these questions. */
function issuesOf(questions: unknown[]): z.core.$ZodIssue[] {
  const result = z.safeParse(surveyCreateParamsSchema, { name: 'S', type: 'popover', questions })
  return result.success ? [] : result.error.issues
}

describe('NPS and rating-bucket branching', () => {
  it('parses with the create schema, each question with the question schema', () => {
    expect(z.safeParse(surveyCreateParamsSchema, npsSurvey)).toEqual({ success: true, data: npsSurvey })
    for (const question of npsSurvey.questions ?? [])
      expect(z.safeParse(surveyQuestionSchema, question).success).toBe(true)
  })

  it('is stored by the fake and read back by bucket, after narrowing on the question type', async () => {
    const client = setup()
    const created = await client.surveys.create(npsSurvey)
    const survey = await client.surveys.retrieve(created.id)
    const first = survey.questions?.[0]
    if (first?.type !== 'rating' || first.branching?.type !== 'response_based')
      throw new Error(`expected rating branching, got ${JSON.stringify(first)}`)
    const { detractors, passives, promoters } = first.branching.responseValues
    expect([detractors, passives, promoters]).toEqual([1, 2, 3])
    const ease = survey.questions?.[3]
    expect(ease?.type === 'rating' && ease.branching).toEqual({
      type: 'response_based',
      responseValues: { negative: 4, neutral: 'end', positive: 'end' },
    })
    const hardest = survey.questions?.[4]
    expect(hardest?.type === 'single_choice' && hardest.branching).toEqual({
      type: 'response_based',
      responseValues: { '0': 'end', '2': 5 },
    })
  })

  it('refuses a rating value as key, a wrong target and a bucket on a choice question, at their paths', () => {
    const rating = (responseValues: unknown): unknown => ({
      type: 'rating',
      question: 'Q',
      scale: 10,
      branching: { type: 'response_based', responseValues },
    })
    const at = ['questions', 0, 'branching', 'responseValues']
    expect(issuesOf([rating({ '9': 'end' })])).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['9'], path: at }),
    ])
    expect(issuesOf([rating({ detractors: 1, promoters: 'next' })])).toEqual([
      expect.objectContaining({ code: 'invalid_union', path: [...at, 'promoters'] }),
    ])
    const choice = {
      type: 'single_choice',
      question: 'Q',
      choices: ['a', 'b'],
      branching: { type: 'response_based', responseValues: { detractors: 1 } },
    }
    expect(issuesOf([choice])).toEqual([expect.objectContaining({ code: 'invalid_key', path: [...at, 'detractors'] })])
  })

  it('types the buckets: each mistake is a compile error', () => {
    const questions: SurveyQuestion[] = [
      {
        type: 'rating',
        question: 'Q',
        scale: 10,
        // @ts-expect-error a rating's keys are buckets, not rating values
        branching: { type: 'response_based', responseValues: { '9': 'end' } },
      },
      {
        type: 'rating',
        question: 'Q',
        scale: 10,
        // @ts-expect-error a target is a question index or 'end'
        branching: { type: 'response_based', responseValues: { promoters: 'next' } },
      },
      {
        type: 'single_choice',
        question: 'Q',
        choices: ['a'],
        // @ts-expect-error a single-choice question's keys are choice indexes
        branching: { type: 'response_based', responseValues: { detractors: 1 } },
      },
    ]
    // Each mistake is refused at run time too.
    expect(questions.map((question) => z.safeParse(surveyQuestionSchema, question).success)).toEqual([
      false,
      false,
      false,
    ])
  })
})
