import type * as z from 'zod/mini'
import type { APIPromise } from './api-promise.js'
import type { OperationId } from './operations.js'
import type { ListOptions, PagePromise } from './pagination.js'
import type { CallArgs, RequestOptions, Transport } from './transport.js'
import { decodeWith, type Decoder } from './validation.js'

/** A group of operations sharing the client's transport. */
export abstract class APIResource {
  /** @internal */
  declare protected readonly _transport: Transport

  /** @internal Sub-clients are reached through `ProjectClient`, which builds them. */
  constructor(transport: Transport) {
    this._transport = transport
  }
}

/**
 * A group whose first operations are the plain five (list, create, retrieve, update, delete by `id`): their
 * methods written once here, each group's class typing and documenting them (src/resources/generated/). One
 * implementation instead of one per group keeps the main bundle small.
 */
export abstract class CrudResource<T> extends APIResource {
  readonly #group: string
  readonly #item: z.ZodMiniType<T>
  readonly #decoder: Decoder<T>

  /** @internal */
  constructor(transport: Transport, group: string, item: z.ZodMiniType<T>) {
    super(transport)
    this.#group = group
    this.#item = item
    this.#decoder = decodeWith(item)
  }

  list(params?: object, options?: ListOptions): PagePromise<T> {
    return this._transport.list(`${this.#group}.list` as OperationId, this.#item, { query: params }, options)
  }

  create(body: object, options?: RequestOptions): APIPromise<T> {
    return this.#send('create', { body }, options)
  }

  retrieve(id: number | string, options?: RequestOptions): APIPromise<T> {
    return this.#send('retrieve', { path: { id } }, options)
  }

  update(id: number | string, body: object, options?: RequestOptions): APIPromise<T> {
    return this.#send('update', { path: { id }, body }, options)
  }

  delete(id: number | string, options?: RequestOptions): APIPromise<void> {
    return this._transport.request(`${this.#group}.delete` as OperationId, 'none', { path: { id } }, options)
  }

  /** `PATCH {"deleted": true}`: the `softDelete` of the groups the service never hard-deletes. */
  protected _softDelete(id: number | string, options?: RequestOptions): APIPromise<T> {
    return this.#send('update', { path: { id }, body: { deleted: true } }, options)
  }

  #send(method: string, args: CallArgs, options?: RequestOptions): APIPromise<T> {
    return this._transport.request(`${this.#group}.${method}` as OperationId, this.#decoder, args, options)
  }
}
