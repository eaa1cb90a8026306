import type * as z from 'zod/mini'
import * as actions from './actions.js'
import * as cohorts from './cohorts.js'
import * as endpoints from './endpoints.js'
import * as eventDefinitions from './event-definitions.js'
import * as experiments from './experiments.js'
import * as featureFlags from './feature-flags.js'
import * as holdouts from './holdouts.js'
import * as hogFunctions from './hog-functions.js'
import * as query from './query.js'
import * as savedMetrics from './saved-metrics.js'
import * as surveys from './surveys.js'

/**
 * The request shapes of every SDK method that takes a body or a query, keyed `group.method` (the
 * operation id where the method sends its own operation; lifecycle helpers and `softDelete` have rows of
 * their own). One source for: the SDK's pre-send check of top-level fields (generated into
 * src/core/request-fields.ts), the command line's full-depth check and `--help`, the configuration files'
 * checks, and the JSON Schemas shipped in the package (scripts/generate-requests.ts).
 */
export interface RequestShapes {
  /** The JSON body. */
  readonly body?: z.ZodMiniType
  /** The method's params object: the query of the operations that take one, a helper's own params (`launch`). */
  readonly params?: z.ZodMiniType
}

export const REQUESTS: { readonly [method: string]: RequestShapes } = {
  'experiments.list': { params: experiments.experimentListParamsSchema },
  'experiments.listIncludingArchived': { params: experiments.experimentListIncludingArchivedParamsSchema },
  'experiments.create': { body: experiments.experimentCreateParamsSchema },
  'experiments.update': { body: experiments.experimentUpdateParamsSchema },
  'experiments.launch': { params: experiments.experimentLaunchParamsSchema },
  'experiments.end': { params: experiments.experimentEndParamsSchema },
  'experiments.createExposureCohort': { body: experiments.exposureCohortParamsSchema },
  'experiments.duplicate': { body: experiments.experimentDuplicateParamsSchema },
  'experiments.recalculateTimeseries': { body: experiments.recalculateTimeseriesParamsSchema },
  'experiments.timeseriesResults': { params: experiments.timeseriesResultsParamsSchema },
  'experiments.eligibleFeatureFlags': { params: experiments.eligibleFeatureFlagsParamsSchema },
  'experiments.results': { params: query.experimentResultsParamsSchema },
  'experiments.shipVariant': { body: experiments.experimentShipVariantParamsSchema },

  'hogFunctions.list': { params: hogFunctions.hogFunctionListParamsSchema },
  'hogFunctions.create': { body: hogFunctions.hogFunctionCreateParamsSchema },
  'hogFunctions.update': { body: hogFunctions.hogFunctionUpdateParamsSchema },
  'hogFunctions.broadcast': { body: hogFunctions.hogFunctionBroadcastParamsSchema },
  'hogFunctions.invocations': { body: hogFunctions.hogFunctionInvocationParamsSchema },
  'hogFunctions.logs': { params: hogFunctions.hogFunctionLogsParamsSchema },
  'hogFunctions.metrics': { params: hogFunctions.hogFunctionMetricsParamsSchema },
  'hogFunctions.metricsTotals': { params: hogFunctions.hogFunctionMetricsParamsSchema },
  'hogFunctions.icon': { params: hogFunctions.hogFunctionIconParamsSchema },
  'hogFunctions.icons': { params: hogFunctions.hogFunctionIconsParamsSchema },
  'hogFunctions.rearrange': { body: hogFunctions.hogFunctionRearrangeParamsSchema },

  'surveys.list': { params: surveys.surveyListParamsSchema },
  'surveys.create': { body: surveys.surveyCreateParamsSchema },
  'surveys.update': { body: surveys.surveyUpdateParamsSchema },
  'surveys.launch': { params: surveys.surveyLaunchParamsSchema },
  'surveys.stop': { params: surveys.surveyStopParamsSchema },
  'surveys.activity': { params: surveys.surveyActivityParamsSchema },
  'surveys.allActivity': { params: surveys.surveyActivityParamsSchema },
  'surveys.duplicateToProjects': { body: surveys.duplicateToProjectsParamsSchema },
  'surveys.stats': { params: surveys.surveyStatsParamsSchema },
  'surveys.allStats': { params: surveys.surveyAllStatsParamsSchema },
  // `question_id` and `question_index` go to the query; the rest is the body.
  'surveys.summarizeResponses': { body: surveys.summarizeResponsesParamsSchema },
  'surveys.summaryHeadline': { body: surveys.summaryHeadlineParamsSchema },
  'surveys.responsesCount': { params: surveys.surveyResponsesCountParamsSchema },
  'surveys.responses': { params: surveys.surveyResponsesParamsSchema },

  'endpoints.list': { params: endpoints.endpointListParamsSchema },
  'endpoints.create': { body: endpoints.endpointCreateParamsSchema },
  'endpoints.update': { body: endpoints.endpointUpdateParamsSchema },
  'endpoints.run': { body: endpoints.endpointRunParamsSchema },
  'endpoints.runGet': { params: endpoints.endpointRunGetParamsSchema },
  'endpoints.lastExecutionTimes': { body: endpoints.lastExecutionTimesParamsSchema },

  'eventDefinitions.list': { params: eventDefinitions.eventDefinitionListParamsSchema },
  'eventDefinitions.create': { body: eventDefinitions.eventDefinitionCreateParamsSchema },
  'eventDefinitions.update': { body: eventDefinitions.eventDefinitionUpdateParamsSchema },

  'query.run': { body: query.queryRunParamsSchema },

  'featureFlags.list': { params: featureFlags.featureFlagListParamsSchema },
  'featureFlags.create': { body: featureFlags.featureFlagCreateParamsSchema },
  'featureFlags.update': { body: featureFlags.featureFlagUpdateParamsSchema },

  'cohorts.list': { params: cohorts.cohortListParamsSchema },
  'cohorts.create': { body: cohorts.cohortCreateParamsSchema },
  'cohorts.update': { body: cohorts.cohortUpdateParamsSchema },

  'actions.list': { params: actions.actionListParamsSchema },
  'actions.create': { body: actions.actionCreateParamsSchema },
  'actions.update': { body: actions.actionUpdateParamsSchema },

  'holdouts.list': { params: holdouts.holdoutListParamsSchema },
  'holdouts.create': { body: holdouts.holdoutCreateParamsSchema },
  'holdouts.update': { body: holdouts.holdoutUpdateParamsSchema },

  'savedMetrics.list': { params: savedMetrics.savedMetricListParamsSchema },
  'savedMetrics.create': { body: savedMetrics.savedMetricCreateParamsSchema },
  'savedMetrics.update': { body: savedMetrics.savedMetricUpdateParamsSchema },
}
