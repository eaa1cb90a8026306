import {
  eligibleFeatureFlagsParamsSchema,
  experimentCreateParamsSchema,
  experimentDuplicateParamsSchema,
  experimentEndParamsSchema,
  experimentLaunchParamsSchema,
  experimentListIncludingArchivedParamsSchema,
  experimentListParamsSchema,
  experimentShipVariantParamsSchema,
  experimentUpdateParamsSchema,
  exposureCohortParamsSchema,
  recalculateTimeseriesParamsSchema,
  timeseriesResultsParamsSchema,
} from '../requests/experiments.js'
import {
  experimentSchema,
  experimentStatsSchema,
  exposureCohortResultSchema,
  requiresFlagImplementationSchema,
  timeseriesRecalculationSchema,
  timeseriesResultsSchema,
} from '../schemas/experiments.js'
import { featureFlagSchema } from '../schemas/feature-flags.js'
import { experimentResultsParamsSchema } from '../requests/query.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for experiments. */
const COLUMNS = ['id', 'name', 'feature_flag_key', 'start_date', 'end_date', 'archived'] as const

export const experiments = declareGroup({
  scope: 'experiment',
  client: 'Experiments: `experiments/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'experiments/',
      query: experimentListParamsSchema,
      answer: { list: experimentSchema },
      doc: `Lists experiments, newest first. Without \`archived\` (or with \`false\`) the service lists only the
experiments that are not archived; with \`archived: true\`, only the archived ones. Every experiment:
{@link Experiments.listIncludingArchived}.`,
      command: 'List experiments that are not archived, newest first (--archived: the archived ones only).',
      columns: COLUMNS,
    },
    listIncludingArchived: {
      sends: 'list',
      path: [],
      params: experimentListIncludingArchivedParamsSchema,
      list: true,
      command: 'Every experiment, archived or not (with --all: a complete export): the list, then the archived ones.',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'experiments/',
      body: experimentCreateParamsSchema,
      answer: experimentSchema,
      doc: 'Creates an experiment (and its feature flag).',
      command: 'Create an experiment (and its feature flag).',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'experiments/{id}/',
      params: { id: 'integer' },
      answer: experimentSchema,
      doc: 'Reads one experiment (404 once soft-deleted).',
      command: 'Read one experiment.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'experiments/{id}/',
      params: { id: 'integer' },
      body: experimentUpdateParamsSchema,
      answer: experimentSchema,
      doc: 'Changes any writable fields.',
      command: 'Change writable fields of an experiment.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'experiments/{id}/',
      params: { id: 'integer' },
      softDeleteOnly: true,
      answer: 'none',
      doc: `The service never hard-deletes an experiment: this always rejects with \`MethodNotAllowedError\` (405).

@deprecated Always fails on the real service. Use {@link Experiments.softDelete}.`,
      command: 'Always refused by the service (405): use soft-delete.',
    },
    launch: {
      sends: 'update',
      path: ['id'],
      params: experimentLaunchParamsSchema,
      command: 'Launch an experiment: PATCH start_date (default: now).',
      columns: COLUMNS,
    },
    end: {
      sends: 'update',
      path: ['id'],
      params: experimentEndParamsSchema,
      command: 'End an experiment: PATCH end_date (default: now) and, when given, the conclusion.',
      columns: COLUMNS,
    },
    archive: {
      sends: 'update',
      path: ['id'],
      command: 'Archive an experiment: PATCH {"archived": true}.',
      columns: COLUMNS,
    },
    softDelete: {
      sends: 'update',
      path: ['id'],
      command: 'Soft-delete an experiment (PATCH {"deleted": true}).',
      columns: COLUMNS,
    },
    shipVariant: {
      method: 'POST',
      path: 'experiments/{id}/ship_variant/',
      params: { id: 'integer' },
      body: experimentShipVariantParamsSchema,
      answer: experimentSchema,
      doc: `Ships a variant: the experiment's flag serves \`variant_key\` to 100% of its conditions (the other
variants 0%), a running experiment ends (\`end_date\` now), and the conclusion is set when given.`,
      command:
        'Ship a variant: the flag serves it to 100%, a running experiment ends ({variant_key, conclusion?, ' +
        'conclusion_comment?}).',
      columns: COLUMNS,
    },
    createExposureCohort: {
      method: 'POST',
      path: 'experiments/{id}/create_exposure_cohort_for_experiment/',
      params: { id: 'integer' },
      body: exposureCohortParamsSchema,
      optionalBody: true,
      answer: exposureCohortResultSchema,
      doc: 'Creates the cohort of users exposed to a launched experiment.',
      command: 'Create the cohort of users exposed to a launched experiment.',
    },
    duplicate: {
      method: 'POST',
      path: 'experiments/{id}/duplicate/',
      params: { id: 'integer' },
      body: experimentDuplicateParamsSchema,
      optionalBody: true,
      answer: experimentSchema,
      doc: 'Copies an experiment (`<name> (Copy)`, dates cleared); `feature_flag_key` may name another flag.',
      command: 'Copy an experiment.',
      columns: COLUMNS,
    },
    recalculateTimeseries: {
      method: 'POST',
      path: 'experiments/{id}/recalculate_timeseries/',
      params: { id: 'integer' },
      body: recalculateTimeseriesParamsSchema,
      answer: timeseriesRecalculationSchema,
      doc: "Requests a recalculation of one metric's timeseries.",
      command: "Recalculate one metric's timeseries ({metric, fingerprint}).",
    },
    timeseriesResults: {
      method: 'GET',
      path: 'experiments/{id}/timeseries_results/',
      params: { id: 'integer' },
      query: timeseriesResultsParamsSchema,
      answer: timeseriesResultsSchema,
      doc: 'The daily results of one experiment metric as a timeseries.',
      command: 'Daily results of one experiment metric.',
    },
    eligibleFeatureFlags: {
      method: 'GET',
      path: 'experiments/eligible_feature_flags/',
      scope: 'feature_flag:read',
      query: eligibleFeatureFlagsParamsSchema,
      answer: { list: featureFlagSchema },
      doc: 'Feature flags usable by an experiment (multivariate, first variant `control`), 20 a page by default.',
      command: 'Feature flags an experiment can use.',
      columns: ['id', 'key', 'name', 'active'],
    },
    results: {
      sends: 'retrieve',
      also: 'query.run',
      path: ['id'],
      params: experimentResultsParamsSchema,
      command:
        'Results of the metrics (or --metrics uuid,…): per variant exposures, value, lift, interval, significance.',
      view: 'experiment-results',
    },
    requiresFlagImplementation: {
      method: 'GET',
      path: 'experiments/requires_flag_implementation/',
      answer: requiresFlagImplementationSchema,
      doc: "Whether the project's experiments still need a flag implementation (`{ result }`).",
      command: "Whether the project's experiments still need a flag implementation.",
    },
    stats: {
      method: 'GET',
      path: 'experiments/stats/',
      answer: experimentStatsSchema,
      doc: 'Experimentation velocity over the last 30 days.',
      command: 'Experimentation velocity over the last 30 days.',
    },
  },
})
