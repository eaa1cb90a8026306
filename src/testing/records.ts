/**
 * The records the fake keeps, one interface per kind. Each is the service's representation of the
 * resource (docs/service-behaviour.md §2–§7) plus, where noted, fields the fake keeps for itself. Every record
 * accepts extra keys, so a test can seed a field the service added after these types were written.
 */
export type * from './records/user.js'
export type * from './records/feature-flags.js'
export type * from './records/experiments.js'
export type * from './records/query.js'
export type * from './records/cohorts.js'
export type * from './records/actions.js'
export type * from './records/hog-functions.js'
export type * from './records/surveys.js'
export type * from './records/endpoints.js'
export type * from './records/event-definitions.js'
export type * from './records/dashboards.js'
