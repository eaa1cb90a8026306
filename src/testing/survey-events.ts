/**
 * The fake's survey responses as the service holds them (docs/service-behaviour.md §10.1, §10.2): each stored
 * response is one `survey sent` event whose properties carry the survey id, the session and each answer under
 * `$survey_response_<question id>` and under its index key (`$survey_response`, `$survey_response_1`, …), as
 * posthog-js writes both. The responses endpoint and the HogQL the SDK's fallback sends both read these.
 */
import type { FakeSurvey, FakeSurveyResponse } from './records.js'

/** A `survey sent` event. */
export interface SurveyEvent {
  uuid: string
  event: 'survey sent'
  distinct_id: string
  timestamp: string
  properties: Record<string, unknown>
}

/**
 * The key an answer sits under by question position: `$survey_response` for the first, `$survey_response_<i>` after.
 */
export function indexKey(index: number): string {
  return index === 0 ? '$survey_response' : `$survey_response_${index}`
}

/** The event of a stored response. */
export function surveyEvent(survey: FakeSurvey, response: FakeSurveyResponse): SurveyEvent {
  const properties: Record<string, unknown> = {
    ...response.properties,
    $survey_id: survey.id,
    $survey_name: survey.name,
  }
  if (response.session_id) properties['$session_id'] = response.session_id
  for (const [index, question] of (survey.questions ?? []).entries()) {
    const id = question['id']
    if (typeof id !== 'string' || !(id in response.answers)) continue
    properties[`$survey_response_${id}`] = response.answers[id]
    properties[indexKey(index)] = response.answers[id]
  }
  return {
    uuid: response.uuid,
    event: 'survey sent',
    distinct_id: response.distinct_id,
    timestamp: response.timestamp,
    properties,
  }
}

/** An answer as stored on the event: the id key first, then the index key (docs/service-behaviour.md §10.2). */
export function storedAnswer(properties: Record<string, unknown>, index: number, questionId: string): unknown {
  return properties[`$survey_response_${questionId}`] ?? properties[indexKey(index)]
}

/** An answer as the responses endpoint gives it: text, or a list of choices; `null` when empty. */
export function restAnswer(value: unknown): string | string[] | null {
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String)
  return value === null || value === undefined || value === '' ? null : String(value)
}

/**
 * A date-time as the fake compares them: ISO 8601, read as UTC when it has no zone (as HogQL does with a UTC project).
 */
export function instant(value: string): number {
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`)
}
