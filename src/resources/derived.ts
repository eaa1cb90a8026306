/**
 * What `experiments.results` and the survey responses fallback compute, apart from the requests: which
 * metrics and what query, the values derived from the answers, the HogQL of a page and its rows. Pure
 * functions in one module, loaded on first use (load-derived.ts): in the ESM build a chunk of its own, so an
 * application that never reads these does not load them up front.
 */
export { metricsOf, metricQuery, metricResult, metricError } from './experiment-values.js'
export { responsesQuery, responseRows } from './survey-responses-hogql.js'
