import type { Transport } from './transport.js'

/** A group of operations sharing the client's transport. */
export abstract class APIResource {
  /** @internal */
  protected readonly _client: Transport

  constructor(transport: Transport) {
    this._client = transport
  }
}
