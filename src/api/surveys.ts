import { duplicateToProjectsParamsSchema, summarizeResponsesParamsSchema, summaryHeadlineParamsSchema, surveyActivityParamsSchema, surveyAllStatsParamsSchema, surveyCreateParamsSchema, surveyLaunchParamsSchema, surveyListParamsSchema, surveyResponsesCountParamsSchema, surveyResponsesParamsSchema, surveyStatsParamsSchema, surveyStopParamsSchema, surveyUpdateParamsSchema } from '../requests/surveys.js'
import { activityLogSchema, archivedResponseUuidsSchema, duplicateToProjectsResultSchema, responseArchiveResultSchema, surveyAllStatsSchema, surveyResponseSummarySchema, surveyResponsesCountSchema, surveySchema, surveyStatsSchema, surveySummaryHeadlineSchema } from '../schemas/surveys.js'
import { surveyResponseRowSchema } from '../schemas/survey-responses.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for surveys. */
const COLUMNS = ['id', 'name', 'type', 'start_date', 'end_date', 'archived'] as const
/** The columns of an activity log, one survey's or the project's. */
const ACTIVITY_COLUMNS = ['created_at', 'activity', 'scope', 'item_id', 'user'] as const

export const surveys = declareGroup({
  scope: 'survey',
  methods: {
    list: {
      method: 'GET',
      path: 'surveys/',
      query: surveyListParamsSchema,
      answer: { list: surveySchema },
      doc: 'Lists surveys (limit/offset, 100 a page by default).',
      command: 'List surveys.',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'surveys/',
      body: surveyCreateParamsSchema,
      answer: surveySchema,
      doc: 'Creates a survey (`name` and `type` required).',
      command: 'Create a survey.',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'surveys/{id}/',
      params: { id: 'uuid' },
      answer: surveySchema,
      doc: 'Reads one survey.',
      command: 'Read one survey.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'surveys/{id}/',
      params: { id: 'uuid' },
      body: surveyUpdateParamsSchema,
      answer: surveySchema,
      doc: 'Changes any writable fields.',
      command: 'Change writable fields of a survey.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'surveys/{id}/',
      params: { id: 'uuid' },
      answer: 'none',
      doc: 'Deletes a survey for good (and its targeting flags); resolves `undefined` (204).',
      command: 'Delete a survey.',
    },
    launch: {
      sends: 'update',
      path: ['id'],
      params: surveyLaunchParamsSchema,
      command: 'Launch a survey: PATCH start_date (default: now).',
      columns: COLUMNS,
    },
    stop: {
      sends: 'update',
      path: ['id'],
      params: surveyStopParamsSchema,
      command: 'Stop a survey: PATCH end_date (default: now).',
      columns: COLUMNS,
    },
    resume: {
      sends: 'update',
      path: ['id'],
      command: 'Resume a stopped survey: PATCH {"end_date": null}.',
      columns: COLUMNS,
    },
    archive: {
      sends: 'update',
      path: ['id'],
      command: 'Archive a survey: PATCH {"archived": true}.',
      columns: COLUMNS,
    },
    activity: {
      method: 'GET',
      path: 'surveys/{id}/activity/',
      params: { id: 'uuid' },
      scope: 'activity_log:read',
      query: surveyActivityParamsSchema,
      answer: { list: activityLogSchema },
      doc: 'The activity log of one survey, newest first, page-based (`limit` default 10, `page` from 1).',
      command: 'Activity log of one survey.',
      columns: ACTIVITY_COLUMNS,
    },
    allActivity: {
      method: 'GET',
      path: 'surveys/activity/',
      scope: 'activity_log:read',
      query: surveyActivityParamsSchema,
      answer: { list: activityLogSchema },
      doc: 'The activity log of every survey of the project, page-based like {@link Surveys.activity}.',
      command: 'Activity log of every survey.',
      columns: ACTIVITY_COLUMNS,
    },
    archivedResponseUuids: {
      method: 'GET',
      path: 'surveys/{id}/archived-response-uuids/',
      params: { id: 'uuid' },
      answer: archivedResponseUuidsSchema,
      doc: "UUIDs of the survey's archived responses (no order), to filter them out of queries.",
      command: 'UUIDs of the archived responses of a survey.',
      handWritten: true,
    },
    duplicateToProjects: {
      method: 'POST',
      path: 'surveys/{id}/duplicate_to_projects/',
      params: { id: 'uuid' },
      body: duplicateToProjectsParamsSchema,
      answer: duplicateToProjectsResultSchema,
      doc: `Copies the survey, as a draft without flags, into each target project, all or nothing: when any
copy fails the service rolls every copy back and this rejects.`,
      command: 'Copy a survey into other projects ({target_team_ids}).',
    },
    archiveResponse: {
      method: 'POST',
      path: 'surveys/{id}/responses/{responseUuid}/archive/',
      params: { id: 'uuid', responseUuid: 'uuid' },
      answer: responseArchiveResultSchema,
      doc: 'Archives one response (idempotent); resolves the number the service answers (`200`).',
      command: 'Archive one response.',
      handWritten: true,
    },
    unarchiveResponse: {
      method: 'POST',
      path: 'surveys/{id}/responses/{responseUuid}/unarchive/',
      params: { id: 'uuid', responseUuid: 'uuid' },
      answer: responseArchiveResultSchema,
      doc: 'Reverses {@link Surveys.archiveResponse}; resolves the number the service answers (`200`).',
      command: 'Unarchive one response.',
      handWritten: true,
    },
    stats: {
      method: 'GET',
      path: 'surveys/{id}/stats/',
      params: { id: 'uuid' },
      query: surveyStatsParamsSchema,
      answer: surveyStatsSchema,
      doc: `Event counts, unique respondents and rates of one survey; archived responses count unless
\`exclude_archived\` is true.`,
      command: 'Response statistics of one survey.',
    },
    allStats: {
      method: 'GET',
      path: 'surveys/stats/',
      query: surveyAllStatsParamsSchema,
      answer: surveyAllStatsSchema,
      doc: 'Statistics across all non-archived surveys (`stats` is `{}` when there are none).',
      command: 'Response statistics of every survey.',
    },
    summarizeResponses: {
      method: 'POST',
      path: 'surveys/{id}/summarize_responses/',
      params: { id: 'uuid' },
      scope: 'survey:read',
      idempotent: true,
      body: summarizeResponsesParamsSchema,
      optionalBody: true,
      answer: surveyResponseSummarySchema,
      doc: `An AI summary of the answers to one question (PostHog Cloud only). The service reads the question
from the query and \`force_refresh\` from the body: pass all three here, \`question_id\` /
\`question_index\` go to the query. Read-only, so retried like a GET.`,
      command: 'AI summary of the responses of a survey.',
      handWritten: true,
    },
    summaryHeadline: {
      method: 'POST',
      path: 'surveys/{id}/summary_headline/',
      params: { id: 'uuid' },
      scope: 'survey:read',
      idempotent: true,
      body: summaryHeadlineParamsSchema,
      optionalBody: true,
      answer: surveySummaryHeadlineSchema,
      doc: `A one-line AI headline over a sample of responses (needs the organisation's AI consent, else 403).
Read-only, so retried like a GET.`,
      command: 'AI headline of the responses of a survey.',
    },
    responses: {
      method: 'GET',
      path: 'surveys/{id}/responses/',
      params: { id: 'uuid' },
      query: surveyResponsesParamsSchema,
      answer: { list: surveyResponseRowSchema },
      doc: `The survey's responses, newest first: one row per submission with its answers resolved (question id,
position, text, type). A list like the others (\`for await\`, \`Page\`, \`toArray\`); it pages by
\`has_more\`, so \`concurrency\` does not apply. Each row's \`uuid\` is what {@link Surveys.archiveResponse}
takes. On a service without this endpoint (an older self-hosted instance: 404), the same rows are read
through the query API, as PostHog's interface does (scope \`query:read\` then too). With
\`exclude_archived: true\` a walk visits every response unarchived when it started, even while you archive
the rows it gives (one more read, of the archived UUIDs, as it starts).`,
      command: 'Responses of a survey, newest first: one row per submission, answers resolved.',
      columns: ['submitted_at', 'uuid', 'distinct_id', 'answers'],
      handWritten: true,
    },
    responsesCount: {
      method: 'GET',
      path: 'surveys/responses_count/',
      query: surveyResponsesCountParamsSchema,
      answer: surveyResponsesCountSchema,
      doc: `Number of responses per survey id (\`{}\` when no survey ever started); \`survey_ids\` is sent
comma-separated.`,
      command: 'Response counts by survey id.',
    },
  },
})
