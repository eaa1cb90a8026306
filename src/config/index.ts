/**
 * posthog-project-client/config: a project's experiments, surveys, hog functions, endpoints, event
 * definitions, feature flags, cohorts, actions, holdouts, saved metrics, early access features, insights and
 * dashboards as specs kept in files (ids of
 * one another as `$ref`s by key); plans that compare them with the live project; apply.
 */
export { pull } from './pull.js'
export { plan } from './plan.js'
export { apply } from './apply.js'
export { planCopy } from './copy.js'
export { secretVariableName } from './secrets.js'
export { ConfigError, DependencyFailedError, StalePlanError, StaleResourceError, type ConfigProblem } from './errors.js'
export { readPlan, writePlan } from './saved-plan.js'
export type {
  ApplyOptions,
  ApplyProgress,
  ApplyReport,
  ApplyResult,
  ConfigKind,
  ConfigRef,
  CopyOptions,
  FieldChange,
  Plan,
  PlanChange,
  PlanError,
  PlanOptions,
  PlanProject,
  PlanWarning,
  ProjectConfig,
  PullOptions,
  ReadPlanOptions,
  Renamable,
  WithRefs,
} from './types.js'
export { readConfig, writeConfig } from './files.js'
export { formatPlan, type PlanFormat } from './format.js'
export {
  testHogFunctions,
  type HogTestCall,
  type HogTestCaseReport,
  type HogTestDifference,
  type HogTestReport,
  type TestHogFunctionsOptions,
} from './hog-test-run.js'
export type { HogTestCase } from './hog-tests.js'
