import { APIResource } from '../core/resource.js'

/** Work in progress. */
export class HogFunctions extends APIResource {}
