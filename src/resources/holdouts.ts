import { HoldoutsOperations } from './generated/holdouts.js'
import { writableFields } from '../core/create-params.js'
import type { HoldoutCreateParams } from '../requests/holdouts.js'
import { type Holdout } from '../schemas/holdouts.js'

/** Experiment holdouts: `/api/projects/:project_id/experiment_holdouts/`. */
export class Holdouts extends HoldoutsOperations {
  /** The writable fields of a holdout as `create` takes them back (name, description and groups). Sends nothing. */
  toCreateParams(holdout: Holdout): HoldoutCreateParams {
    return writableFields('holdouts', holdout) as unknown as HoldoutCreateParams
  }
}
