/**
 * posthog-project-client/hog: Hog on this machine. PostHog's own parser and VM (loaded on first use), a
 * compiler that gives PostHog's bytecode, and hog functions run the way PostHog's CDP runs them.
 */
export { compileHog, type CompileHogOptions, type HogBytecode } from './compile.js'
export { HogCompileError } from './errors.js'
export {
  runHog,
  type HogFetchCall,
  type HogFetchHandler,
  type HogFetchResponse,
  type HogLog,
  type HogLogLevel,
  type HogRunResult,
  type RunHogOptions,
} from './run.js'
export {
  runHogFunction,
  type HogEventInput,
  type HogFunctionInvocationInput,
  type HogFunctionMapping,
  type HogFunctionRun,
  type HogFunctionSpec,
  type HogGroupInput,
  type HogPersonInput,
  type RunHogFunctionOptions,
} from './function-run.js'
export type { HogAction, HogActionStep, HogFilterEntity, HogFunctionFilters, HogPropertyFilter } from './filters.js'
export type { HogFunctionInput, HogInputSchemaItem } from './inputs.js'
