import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apply, ConfigError, plan, readConfig, type ProjectConfig } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION } from './setup.js'

/**
 * Values the service normalizes (docs/service-behaviour.md §11.2): each spec converges after one apply, or is
 * refused when the files are read, naming file and line.
 */
const changed = (planned: Awaited<ReturnType<typeof plan>>) =>
  planned.changes.filter((change) => change.action !== 'unchanged').map((change) => `${change.action} ${change.key}`)

describe('values the service normalizes converge after one apply', () => {
  const e2e = useE2E({ projects: [PRODUCTION] }, 'test')
  const client = () => e2e.client({ projectId: PRODUCTION, maxRetries: 0 })

  it(
    'a flag payload written as a value (stored as JSON text), tags in another order or repeated, a condition set ' +
      'aggregated apart from the flag',
    async () => {
      const production = client()
      const desired: ProjectConfig = {
        featureFlags: [
          {
            key: 'themed',
            filters: {
              groups: [{ properties: [], rollout_percentage: 100 }],
              payloads: { true: { theme: 'dark', sizes: [1, 2] } } as never,
            },
          },
          { key: 'tagged', tags: ['b', 'a', 'b'], filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
          {
            key: 'grouped',
            filters: {
              aggregation_group_type_index: 0,
              groups: [
                { properties: [], rollout_percentage: 100, aggregation_group_type_index: 1 },
                { properties: [], rollout_percentage: 50 },
              ],
            },
          },
        ],
      }
      expect(await apply(production, await plan(production, desired))).toMatchObject({ applied: 3, failed: 0 })
      expect(changed(await plan(production, desired))).toEqual([])
      // The stored forms: JSON text, the set of tags, each condition set's own aggregation.
      const flags = Object.fromEntries(
        (await production.featureFlags.list().then((page) => page.results)).map((flag) => [flag.key, flag]),
      )
      expect(flags.themed!.filters!.payloads).toEqual({ true: '{"theme":"dark","sizes":[1,2]}' })
      expect([...flags.tagged!.tags!].sort()).toEqual(['a', 'b'])
      expect(
        flags.grouped!.filters!.groups!.map(
          (group: { aggregation_group_type_index?: number | null }) => group.aggregation_group_type_index,
        ),
      ).toEqual([1, 0])
      // The service may keep tags in another order: still no change.
      await production.featureFlags.update(flags.tagged!.id, { tags: ['a', 'b'] })
      expect(changed(await plan(production, desired))).toEqual([])
      // A payload that is another value is an update, sent as JSON text.
      const other = structuredClone(desired)
      ;(other.featureFlags![0]!.filters!.payloads as Record<string, unknown>).true = { theme: 'light' }
      expect(changed(await plan(production, other))).toEqual(['update themed'])
    },
  )
})

describe('values no spec could keep are refused when the files are read', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phc-normalized-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it(
    'a payload text that is not JSON, a legacy condition list, a variant key the service rewrites: file, line, ' +
      'field',
    async () => {
      mkdirSync(join(dir, 'feature-flags'))
      mkdirSync(join(dir, 'experiments'))
      const flag = [
        'key: themed',
        'filters:',
        '  groups:',
        '    - rollout_percentage: 100',
        '  payloads:',
        '    "true": "dark theme"',
        '  super_groups: []',
        '',
      ]
      writeFileSync(join(dir, 'feature-flags', 'themed.yaml'), flag.join('\n'))
      const variants = [
        'name: Pricing',
        'feature_flag_key: pricing',
        'parameters:',
        '  feature_flag_variants:',
        '    - key: Control',
        '      rollout_percentage: 50',
        '    - key: test',
        '      rollout_percentage: 50',
        '',
      ]
      writeFileSync(join(dir, 'experiments', 'pricing.yaml'), variants.join('\n'))
      const error = (await readConfig(dir).catch((caught: unknown) => caught)) as ConfigError
      expect(error).toBeInstanceOf(ConfigError)
      const shown = error.problems.map(
        (problem) => `${problem.file.slice(dir.length + 1)}:${problem.line} ${problem.path}`,
      )
      expect(shown).toEqual([
        'experiments/pricing.yaml:5 parameters.feature_flag_variants[0].key',
        'feature-flags/themed.yaml:6 filters.payloads.true',
        'feature-flags/themed.yaml:7 filters.super_groups',
      ])
      expect(error.problems[1]!.message).toContain("Payload for key 'true' is not valid JSON.")
    },
  )
})
