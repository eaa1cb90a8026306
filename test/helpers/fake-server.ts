import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { OPERATIONS, ProjectClient, type ClientOptions, type OperationId } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeApiOptions, type FakeServer } from 'posthog-project-client/testing'

/** Every operation id of the package's table (64). */
export const ALL_OPERATIONS = Object.keys(OPERATIONS) as OperationId[]

/** A fake served on a real socket on 127.0.0.1, and a client pointed at it. */
export interface E2E {
  fake: FakeApi
  server: FakeServer
  /** A client on the server's origin with the fake's key; `overrides` replace any option. */
  client(overrides?: Partial<ClientOptions>): ProjectClient
  close(): Promise<void>
}

export async function startE2E(options: FakeApiOptions = {}): Promise<E2E> {
  const fake = createFakeApi(options)
  const server = await fake.listen()
  return {
    fake,
    server,
    client: (overrides = {}) => new ProjectClient({ ...fake.clientOptions(server.url), ...overrides }),
    close: () => server.close(),
  }
}

/** The operations the fake has seen, in the order first seen. */
export function operationsHit(fake: FakeApi): OperationId[] {
  const seen = new Set<OperationId>()
  for (const request of fake.requests) if (request.operation) seen.add(request.operation)
  return [...seen]
}

/**
 * Starts the fake on a socket before the enclosing `describe` (or file) and closes it after; `per: 'test'` gives
 * each test a fresh one. The object is filled in by the hook, so read it inside tests and later hooks only.
 */
export function useE2E(options: FakeApiOptions = {}, per: 'suite' | 'test' = 'suite'): E2E {
  const e2e = {} as E2E
  const start = async () => {
    Object.assign(e2e, await startE2E(options))
  }
  const stop = () => e2e.close()
  if (per === 'test') {
    beforeEach(start)
    afterEach(stop)
  } else {
    beforeAll(start)
    afterAll(stop)
  }
  return e2e
}
