import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import {
  apply,
  plan,
  readPlan,
  StalePlanError,
  StaleResourceError,
  writePlan,
  type ProjectConfig,
} from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, writesSince } from './setup.js'

/**
 * A resource soft-deleted (its read answers 200 with `deleted: true`, docs/service-behaviour.md §11.1) or gone
 * (404) between plan and apply: its change fails as stale and nothing is reported applied that was not done.
 */
const DESIRED: ProjectConfig = {
  actions: [{ name: 'Signed up', steps: [{ event: 'signed_up' }] }],
  cohorts: [
    {
      name: 'Beta users',
      filters: {
        properties: {
          type: 'AND',
          values: [{ type: 'person', key: 'email', operator: 'icontains', value: '@example.com' }],
        },
      },
    } as never,
  ],
  holdouts: [{ name: 'Q4 holdout', filters: [{ properties: [], rollout_percentage: 10 }] }],
  featureFlags: [{ key: 'beta-access', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } }],
}

/** The same resources, each with a description the live one does not have: one update each. */
const EDITED: ProjectConfig = {
  actions: [{ ...DESIRED.actions![0]!, description: 'edited' }],
  cohorts: [{ ...DESIRED.cohorts![0]!, description: 'edited' }],
  holdouts: [{ ...DESIRED.holdouts![0]!, description: 'edited' }],
  featureFlags: [{ ...DESIRED.featureFlags![0]!, name: 'edited' }],
}

async function ids(client: ProjectClient) {
  const first = async <T>(items: AsyncIterable<T>): Promise<T> => {
    for await (const item of items) return item
    throw new Error('none')
  }
  return {
    action: (await first(client.actions.list())).id,
    cohort: (await first(client.cohorts.list())).id,
    holdout: (await first(client.holdouts.list())).id,
    flag: (await first(client.featureFlags.list())).id,
  }
}

/** Soft-deletes the flag, the cohort and the action by hand (as PostHog's interface does), deletes the holdout. */
async function removeByHand(client: ProjectClient): Promise<void> {
  const id = await ids(client)
  await client.featureFlags.softDelete(id.flag)
  await client.cohorts.softDelete(id.cohort)
  await client.actions.softDelete(id.action)
  await client.holdouts.delete(id.holdout)
}

describe('a resource gone or soft-deleted between plan and apply', () => {
  const e2e = useE2E({ projects: [PRODUCTION] }, 'test')
  const client = () => e2e.client({ projectId: PRODUCTION, maxRetries: 0 })
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phc-gone-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it(
    'the fake answers a soft-deleted flag, cohort and action ' + 'with 200 and deleted: true, as the service does',
    async () => {
      const production = client()
      await apply(production, await plan(production, DESIRED))
      const id = await ids(production)
      await removeByHand(production)
      expect(await production.featureFlags.retrieve(id.flag)).toMatchObject({ deleted: true })
      expect(await production.cohorts.retrieve(id.cohort)).toMatchObject({ deleted: true })
      expect(await production.actions.retrieve(id.action)).toMatchObject({ deleted: true })
    },
  )

  it('updates: each fails with StaleResourceError, none is written or reported applied', async () => {
    const production = client()
    await apply(production, await plan(production, DESIRED))
    const changes = await plan(production, EDITED)
    expect(changes.changes.map((change) => change.action)).toEqual(['update', 'update', 'update', 'update'])
    await removeByHand(production)
    const from = e2e.fake.requests.length
    const report = await apply(production, changes)
    expect(report).toMatchObject({ applied: 0, failed: 4 })
    for (const result of report.results) expect(result.error).toBeInstanceOf(StaleResourceError)
    expect(writesSince(e2e.fake, from)).toEqual([])
  })

  it('deletes of a pruned resource soft-deleted since: stale, not reported applied', async () => {
    const production = client()
    await apply(production, await plan(production, DESIRED))
    const changes = await plan(
      production,
      { actions: [], cohorts: [], holdouts: [], featureFlags: [] },
      { prune: true },
    )
    expect(changes.changes.map((change) => change.action)).toEqual(['delete', 'delete', 'delete', 'delete'])
    await removeByHand(production)
    const from = e2e.fake.requests.length
    const report = await apply(production, changes)
    expect(report.applied).toBe(0)
    for (const result of report.results) expect(result.status).not.toBe('applied')
    expect(report.results.filter((result) => result.error instanceof StaleResourceError)).toHaveLength(4)
    expect(writesSince(e2e.fake, from)).toEqual([])
  })

  it('a saved plan rejects with StalePlanError naming every change, before any write', async () => {
    const production = client()
    await apply(production, await plan(production, DESIRED))
    const file = join(dir, 'plan.json')
    await writePlan(file, await plan(production, EDITED))
    await removeByHand(production)
    const from = e2e.fake.requests.length
    const error = await apply(production, await readPlan(file)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StalePlanError)
    expect((error as StalePlanError).changes.map((change) => change.kind).sort()).toEqual([
      'actions',
      'cohorts',
      'featureFlags',
      'holdouts',
    ])
    expect(writesSince(e2e.fake, from)).toEqual([])
  })
})
