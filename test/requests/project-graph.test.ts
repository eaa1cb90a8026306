import { describe, expect, it } from 'vitest'
import { checkShape } from '../../src/requests/check.js'
import { REQUESTS } from '../../src/requests/by-method.js'

/**
 * The full-depth check of the new groups' bodies: a mistake deep in a flag's filters, a cohort's tree or an action's
 * steps is named by its path.
 */
describe('request shapes of the project graph', () => {
  const body = (method: string) => REQUESTS[method]!.body!
  const person = { key: 'email', type: 'person', operator: 'icontains', value: '@acme.com' }

  it("refuses a nested typo in a flag's filters, naming its path and the field meant", () => {
    const filters = { groups: [{ properties: [person, { ...person, valeu: 'x' }], rollout_percentage: 50 }] }
    expect(checkShape(body('featureFlags.create'), { key: 'k', filters })).toEqual([
      { path: 'filters.groups[0].properties[1].valeu', message: 'unknown field; did you mean "value"?' },
    ])
    expect(
      checkShape(body('featureFlags.update'), {
        filters: { multivariate: { variants: [{ key: 'control', rollout_percentage: '50' }] } },
      }),
    ).toEqual([
      { path: 'filters.multivariate.variants[0].rollout_percentage', message: 'expected number, got string "50"' },
    ])
    expect(
      checkShape(body('featureFlags.create'), { key: 'k', filters: { groups: [{ properties: [person] }] } }),
    ).toEqual([])
  })

  it("checks a cohort's condition tree at any depth", () => {
    const leaf = { type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }
    const deep = {
      properties: {
        type: 'OR',
        values: [{ type: 'AND', values: [{ type: 'OR', values: [leaf, { ...leaf, operatr: 'exact' }] }] }],
      },
    }
    expect(checkShape(body('cohorts.create'), { name: 'Pro', filters: deep }).map((problem) => problem.path)).toEqual([
      'filters.properties.values[0].values[0].values[1].operatr',
    ])
    expect(
      checkShape(body('cohorts.create'), {
        name: 'Pro',
        filters: { properties: { type: 'OR', values: [{ type: 'AND', values: [leaf] }] } },
      }),
    ).toEqual([])
  })

  it('checks action steps and the ship-variant body', () => {
    expect(
      checkShape(body('actions.create'), { name: 'A', steps: [{ event: '$pageview', url_matching: 'startswith' }] }),
    ).toEqual([
      { path: 'steps[0].url_matching', message: 'expected one of "contains", "regex", "exact", got "startswith"' },
    ])
    expect(checkShape(body('experiments.shipVariant'), { conclusion: 'won' })).toEqual([
      { path: 'variant_key', message: 'required (string)' },
    ])
  })
})
