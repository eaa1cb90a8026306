import type { Transport } from './transport.js'

/** A group of operations sharing the client's transport. */
export abstract class APIResource {
  /** @internal */
  protected readonly _transport: Transport

  /** @internal Sub-clients are reached through `ProjectClient`, which builds them. */
  constructor(transport: Transport) {
    this._transport = transport
  }
}
