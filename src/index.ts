export { ProjectClient, type ClientOptions } from './client.js'
export { APIPromise, type WithResponse } from './core/api-promise.js'
export { Page, PagePromise } from './core/pagination.js'
export type { RequestOptions, Logger } from './core/transport.js'
export { OPERATIONS, requiredScope, type Operation, type OperationId, type Scope, type HttpMethod } from './core/operations.js'
export {
  ProjectClientError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  MethodNotAllowedError,
  ConflictError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseValidationError,
  InvalidArgumentError,
  type ApiErrorBody,
  type ValidationIssue,
} from './core/errors.js'
export type { UserBasic, MinimalFeatureFlag } from './schemas/common.js'
export type * from './schemas/experiments.js'
export { Experiments } from './resources/experiments.js'
export { HogFunctions } from './resources/hog-functions.js'
export { Surveys } from './resources/surveys.js'
export { Endpoints } from './resources/endpoints.js'
export { EventDefinitions } from './resources/event-definitions.js'
export type * from './schemas/hog-functions.js'
export type * from './schemas/surveys.js'
export type * from './schemas/endpoints.js'
export type * from './schemas/event-definitions.js'
