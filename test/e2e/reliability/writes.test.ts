import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ConnectionError, InternalServerError, TimeoutError, type ProjectClient } from 'posthog-project-client'
import type { FakeApi, OperationId } from 'posthog-project-client/testing'
import { useE2E } from '../../helpers/fake-server.js'

type Fault = 'status 500' | 'status 502' | 'status 503' | 'drop' | 'hang'
interface Create {
  operation: OperationId
  send: (client: ProjectClient, name: string) => PromiseLike<unknown>
  stored: (fake: FakeApi, name: string) => number
}

const named = (records: Iterable<{ name?: unknown }>, name: string) =>
  [...records].filter((record) => record.name === name).length

const creates: Create[] = [
  {
    operation: 'experiments.create',
    send: (client, name) =>
      client.experiments.create({ name, feature_flag_key: name.toLowerCase().replace(/\W+/g, '-') }),
    stored: (fake, name) => named(fake.state.experiments.values(), name),
  },
  {
    operation: 'surveys.create',
    send: (client, name) => client.surveys.create({ name, type: 'popover' }),
    stored: (fake, name) => named(fake.state.surveys.values(), name),
  },
  {
    operation: 'hogFunctions.create',
    send: (client, name) => client.hogFunctions.create({ name, type: 'destination', hog: 'return event' }),
    stored: (fake, name) => named(fake.state.hogFunctions.values(), name),
  },
  {
    operation: 'eventDefinitions.create',
    send: (client, name) => client.eventDefinitions.create({ name }),
    stored: (fake, name) => named(fake.state.eventDefinitions.values(), name),
  },
]
const faults: Array<[Fault, new (...args: never[]) => Error]> = [
  ['status 500', InternalServerError],
  ['status 502', InternalServerError],
  ['status 503', InternalServerError],
  ['drop', ConnectionError],
  ['hang', TimeoutError],
]

/** The server acted on the POST, then the client saw a failure: a retry would create a duplicate. */
describe('writes are never duplicated', () => {
  const e2e = useE2E()
  // The fake loads PostHog's Hog parser on its first hog function request: done here, outside the 300 ms timeout.
  beforeAll(async () => {
    await e2e.client().hogFunctions.list()
  })
  beforeEach(() => e2e.fake.reset())
  let tried = 0

  describe.each(creates)('$operation', ({ operation, send, stored }) => {
    it.each(faults)(
      '%s after the fake stored it: one request, one resource, a typed error',
      async (fault, ErrorClass) => {
        const { fake } = e2e
        if (fault === 'drop') fake.faults.dropNext(1, { operation, afterApply: true })
        else if (fault === 'hang') fake.faults.hangNext(1, { operation, afterApply: true })
        else fake.faults.failNext(1, { operation, afterApply: true, status: Number(fault.slice(7)), retryAfter: 0 })
        const name = `Once ${operation} ${fault}`
        // A short timeout for the hang only: a loaded machine may take longer than that to answer the others.
        const timeout = fault === 'hang' ? 300 : 10_000
        const error = await Promise.resolve(send(e2e.client({ maxRetries: 5, timeout }), name)).catch(
          (caught: unknown) => caught,
        )
        expect(error).toBeInstanceOf(ErrorClass)
        expect(fake.requests.filter((request) => request.operation === operation)).toHaveLength(1)
        expect(stored(fake, name)).toBe(1)
        tried += 1
      },
    )
  })

  it('the same POST, when the fault came before the server acted, is also sent once and stores nothing', async () => {
    e2e.fake.faults.failNext(1, { operation: 'experiments.create', status: 500 })
    const error = await Promise.resolve(creates[0]!.send(e2e.client({ maxRetries: 5 }), 'Never')).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(InternalServerError)
    expect(e2e.fake.requests).toHaveLength(1)
    expect(creates[0]!.stored(e2e.fake, 'Never')).toBe(0)
    console.log(`[reliability] writes: ${tried} failed creates after the server stored them, duplicated=0`)
  })
})
