import { OPERATIONS, ProjectClient, type ClientOptions, type OperationId } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeApiOptions, type FakeServer } from 'posthog-project-client/testing'

/** Every operation id of the package's table (61). */
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

/** How many requests reached the fake for one operation. */
export function requestsFor(fake: FakeApi, operation: OperationId): number {
  return fake.requests.filter((request) => request.operation === operation).length
}
