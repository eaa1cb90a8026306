import * as z from '../core/zod.js'
import { decodePage, type PageEnvelope } from '../core/pagination.js'
import type { OperationId } from '../core/operations.js'
import { decodeWith, type Decoder } from '../core/validation.js'
import * as endpoints from './endpoints.js'
import * as eventDefinitions from './event-definitions.js'
import * as experiments from './experiments.js'
import * as hogFunctions from './hog-functions.js'
import * as queries from './queries.js'
import * as surveyResponses from './survey-responses.js'
import * as surveys from './surveys.js'

/**
 * How each operation's answer is read: a decoder (JSON validated against a schema, or a page of items),
 * `none` (no body: deletes), `blob` (binary: the hog function icon) or `json` (unvalidated, for
 * `client.request()`). The transport looks the operation up here, so a resource method names only its
 * operation.
 */
export type ResponseSpec<T> = Decoder<T> | 'none' | 'blob' | 'json'

const one = decodeWith
const page = decodePage
const experiment = one(experiments.experimentSchema)
const hogFunction = one(hogFunctions.hogFunctionSchema)
const survey = one(surveys.surveySchema)
const activityPage = page(surveys.activityLogSchema)
const endpoint = one(endpoints.endpointSchema)
const runResult = one(endpoints.endpointRunResultSchema)
const eventDefinition = one(eventDefinitions.eventDefinitionSchema)
const eventDefinitionCode = one(eventDefinitions.eventDefinitionCodeSchema)

/** The answer of every operation, keyed like `OPERATIONS`. */
export const RESPONSES = {
  'experiments.list': page(experiments.experimentSchema),
  'experiments.create': experiment,
  'experiments.retrieve': experiment,
  'experiments.update': experiment,
  'experiments.delete': 'none',
  'experiments.createExposureCohort': one(experiments.exposureCohortResultSchema),
  'experiments.duplicate': experiment,
  'experiments.recalculateTimeseries': one(experiments.timeseriesRecalculationSchema),
  'experiments.timeseriesResults': one(experiments.timeseriesResultsSchema),
  'experiments.eligibleFeatureFlags': page(experiments.featureFlagSchema),
  'experiments.requiresFlagImplementation': one(experiments.requiresFlagImplementationSchema),
  'experiments.stats': one(experiments.experimentStatsSchema),

  'hogFunctions.list': page(hogFunctions.hogFunctionMinimalSchema),
  'hogFunctions.create': hogFunction,
  'hogFunctions.retrieve': hogFunction,
  'hogFunctions.update': hogFunction,
  'hogFunctions.delete': 'none',
  'hogFunctions.broadcast': one(hogFunctions.hogFunctionBroadcastResultSchema),
  'hogFunctions.invocations': one(hogFunctions.hogFunctionInvocationResultSchema),
  'hogFunctions.logs': page(hogFunctions.hogFunctionLogEntrySchema),
  'hogFunctions.metrics': one(hogFunctions.hogFunctionMetricsSchema),
  'hogFunctions.metricsTotals': one(hogFunctions.hogFunctionMetricsTotalsSchema),
  'hogFunctions.icon': 'blob',
  'hogFunctions.icons': one(z.array(hogFunctions.hogFunctionIconSchema)),
  // A plain array of every non-deleted transformation, in execution order.
  'hogFunctions.rearrange': one(z.array(hogFunctions.hogFunctionSchema)),

  'surveys.list': page(surveys.surveySchema),
  'surveys.create': survey,
  'surveys.retrieve': survey,
  'surveys.update': survey,
  'surveys.delete': 'none',
  'surveys.activity': activityPage,
  'surveys.archivedResponseUuids': one(surveys.archivedResponseUuidsSchema),
  'surveys.duplicateToProjects': one(surveys.duplicateToProjectsResultSchema),
  'surveys.archiveResponse': one(surveys.responseArchiveResultSchema),
  'surveys.unarchiveResponse': one(surveys.responseArchiveResultSchema),
  'surveys.stats': one(surveys.surveyStatsSchema),
  'surveys.summarizeResponses': one(surveys.surveyResponseSummarySchema),
  'surveys.summaryHeadline': one(surveys.surveySummaryHeadlineSchema),
  'surveys.allActivity': activityPage,
  'surveys.responsesCount': one(surveys.surveyResponsesCountSchema),
  'surveys.allStats': one(surveys.surveyAllStatsSchema),
  // `{results, has_more, limit, offset}`: a page decoder reads `has_more`.
  'surveys.responses': page(surveyResponses.surveyResponseRowSchema),

  // The list is `{results}` only in the thin-spec era and a paginated envelope later; a page decoder takes both.
  'endpoints.list': page(endpoints.endpointSchema),
  'endpoints.create': endpoint,
  'endpoints.retrieve': endpoint,
  'endpoints.update': endpoint,
  'endpoints.delete': 'none',
  'endpoints.materializationStatus': one(endpoints.endpointMaterializationSchema),
  'endpoints.runGet': runResult,
  'endpoints.run': runResult,
  // A bare array or `{results}`: a page decoder takes both.
  'endpoints.versions': page(endpoints.endpointVersionSchema),
  'endpoints.version': one(endpoints.endpointVersionSchema),
  'endpoints.lastExecutionTimes': one(endpoints.lastExecutionTimesSchema),

  'eventDefinitions.list': page(eventDefinitions.eventDefinitionSchema),
  'eventDefinitions.create': eventDefinition,
  'eventDefinitions.retrieve': eventDefinition,
  'eventDefinitions.update': eventDefinition,
  'eventDefinitions.delete': 'none',
  'eventDefinitions.metrics': one(eventDefinitions.eventDefinitionMetricsSchema),
  'eventDefinitions.golang': eventDefinitionCode,
  'eventDefinitions.python': eventDefinitionCode,
  'eventDefinitions.typescript': eventDefinitionCode,

  // Any kind's answer; `client.query` reads the kinds it types with their own schemas.
  'query.run': one(queries.queryResponseSchema),
  'query.status': one(queries.queryStatusResponseSchema),
} as const satisfies { readonly [K in OperationId]: ResponseSpec<unknown> }

type Responses = typeof RESPONSES

/** What an operation resolves to. */
export type ResultOf<K extends OperationId> = Responses[K] extends Decoder<infer T> ? T : Responses[K] extends 'blob' ? Blob : undefined

/** The operations whose answer is a page of items. */
export type ListOperationId = { [K in OperationId]: Responses[K] extends Decoder<PageEnvelope<unknown>> ? K : never }[OperationId]

/** The item type of a list operation. */
export type ItemOf<K extends ListOperationId> = Responses[K] extends Decoder<PageEnvelope<infer T>> ? T : never
