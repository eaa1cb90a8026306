import { APIResource } from '../core/resource.js'

/** Work in progress. */
export class EventDefinitions extends APIResource {}
