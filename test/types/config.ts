/**
 * The configuration entry's public types (posthog-project-client/config), under the strict user-side flags of
 * test/types/tsconfig.json: a spec is the create body of its kind, a plan and a report are as the README's
 * "Configuration as code" names them, and a mistake in a spec written in code is a compile error.
 */
import { expectTypeOf } from 'vitest'
import {
  apply,
  formatPlan,
  plan,
  planCopy,
  pull,
  readConfig,
  readPlan,
  secretVariableName,
  StalePlanError,
  testHogFunctions,
  writeConfig,
  writePlan,
  type HogTestReport,
  type ApplyReport,
  type CopyOptions,
  type Plan,
  type PlanChange,
  type PlanProject,
  type ProjectConfig,
  type Renamable,
  type WithRefs,
} from 'posthog-project-client/config'
import { ProjectClientError } from 'posthog-project-client'
import type { ExperimentCreateParams, HogFunctionCreateParams } from 'posthog-project-client'
import { client } from './helpers.js'

/** Compile-time checks only: never called. */
export async function configTypes(): Promise<void> {
  const pulled = await pull(client, { kinds: ['experiments', 'hogFunctions'] })
  expectTypeOf(pulled).toEqualTypeOf<ProjectConfig>()
  expectTypeOf(pulled.experiments).toEqualTypeOf<Array<Renamable<WithRefs<ExperimentCreateParams>>> | undefined>()
  expectTypeOf(pulled.hogFunctions).toEqualTypeOf<Array<Renamable<WithRefs<HogFunctionCreateParams>>> | undefined>()
  await writeConfig('posthog', pulled)
  const desired = await readConfig('posthog')

  // A spec written in code: a secret from the environment, the spec otherwise a create body.
  const promoted: ProjectConfig = {
    ...desired,
    hogFunctions: [
      {
        type: 'destination',
        name: 'Order webhook',
        hog: 'print(inputs.token)',
        inputs: { token: { value: { $env: secretVariableName('Order webhook', 'token') } } },
      },
    ],
  }
  const changes = await plan(client, promoted, { prune: ['surveys'], env: { TOKEN: 'x' }, rotateSecrets: true })
  expectTypeOf(changes).toEqualTypeOf<Plan>()
  expectTypeOf<PlanChange['action']>().toEqualTypeOf<'create' | 'update' | 'delete' | 'unchanged'>()
  expectTypeOf<PlanChange['kind']>().toEqualTypeOf<
    | 'experiments'
    | 'surveys'
    | 'hogFunctions'
    | 'endpoints'
    | 'eventDefinitions'
    | 'featureFlags'
    | 'cohorts'
    | 'actions'
    | 'holdouts'
    | 'savedMetrics'
    | 'earlyAccessFeatures'
    | 'insights'
    | 'dashboards'
  >()
  // A dashboard's tiles name insights by key; an insight's query names actions and cohorts; a feature its flag.
  await plan(client, {
    dashboards: [
      {
        name: 'Growth',
        tiles: [
          { insight: { $ref: 'insights/Signups' }, layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } },
          { text: { body: 'Notes' } },
        ],
      },
    ],
    insights: [
      {
        name: 'Signups',
        query: {
          kind: 'InsightVizNode',
          source: { kind: 'TrendsQuery', series: [{ kind: 'ActionsNode', id: { $ref: 'actions/Signed up' } }] },
        },
      },
    ],
    earlyAccessFeatures: [{ name: 'Dark mode', stage: 'beta', feature_flag_id: { $ref: 'feature-flags/dark-mode' } }],
  })
  // A reference by key where an id goes.
  await plan(client, {
    experiments: [{ name: 'Checkout', feature_flag_key: 'checkout', holdout_id: { $ref: 'holdouts/Q4' } }],
  })
  expectTypeOf<PlanChange['reads']>().toEqualTypeOf<string[] | undefined>()
  // $env at any depth of a secret input's value; variables not named POSTHOG_SECRET_* allowed by name or pattern.
  const nested: ProjectConfig = {
    hogFunctions: [
      {
        type: 'destination',
        name: 'Hook',
        hog: 'x',
        inputs: { headers: { value: { Authorization: { $env: 'DEPLOY_TOKEN' } } } },
      },
    ],
  }
  await plan(client, nested, { allowEnv: ['DEPLOY_TOKEN', /^VAULT_/] })
  // A selection by key, as --key: only those keys planned and pruned.
  await plan(client, nested, { prune: ['cohorts'], keys: ['Old cohort'] })
  const text: string = formatPlan(changes, 'markdown')
  void text

  const report = await apply(client, changes, {
    signal: AbortSignal.timeout(60_000),
    concurrency: 2,
    onProgress: ({ done, total }) => void [done, total],
  })
  expectTypeOf(report).toEqualTypeOf<ApplyReport>()
  expectTypeOf(report.aborted).toEqualTypeOf<boolean>()
  expectTypeOf(report.results[0]!.status).toEqualTypeOf<'applied' | 'failed' | 'skipped'>()

  // Promotion, renames and saved plans.
  const production = client.withOptions({ projectId: 222 })
  const promotion = await planCopy(client, production, {
    kinds: ['experiments'],
    keys: ['checkout'],
    env: {},
    allowEnv: ['TOKEN', /^HOOK_/],
  })
  expectTypeOf(promotion).toEqualTypeOf<Plan>()
  expectTypeOf(promotion.project).toEqualTypeOf<PlanProject | undefined>()
  const copyOptions: CopyOptions = { keys: ['a', 'b'] }
  void copyOptions
  await plan(client, { surveys: [{ name: 'NPS 2027', type: 'api', $renamedFrom: 'NPS Q4' }] }, { allowEnv: [/^CI_/] })
  await writePlan('posthog.plan.json', changes)
  const saved = await readPlan('posthog.plan.json', { env: { TOKEN: 'x' }, allowEnv: ['TOKEN'] })
  expectTypeOf(saved).toEqualTypeOf<Plan>()
  const readDefault: Promise<Plan> = readPlan('posthog.plan.json')
  void readDefault
  try {
    await apply(production, saved)
  } catch (error) {
    if (error instanceof StalePlanError) {
      expectTypeOf(error.changes).toEqualTypeOf<PlanChange[]>()
      expectTypeOf(error).toMatchTypeOf<ProjectClientError>()
    }
  }

  // --- Misuse -------------------------------------------------------------------------------------
  // @ts-expect-error 'nmae' does not exist in ExperimentCreateParams: a spec is a create body
  await plan(client, { experiments: [{ nmae: 'Checkout', feature_flag_key: 'checkout' }] })
  // @ts-expect-error 'flags' is not a kind of ProjectConfig
  await plan(client, { flags: [] })
  // @ts-expect-error prune takes true, false or kinds: 'flags' is not one
  await plan(client, pulled, { prune: ['flags'] })
  // @ts-expect-error kinds are those of ProjectConfig
  await pull(client, { kinds: ['notebooks'] })
  // @ts-expect-error an insight is placed by its dashboards' tiles, never by its own spec
  await plan(client, { insights: [{ name: 'Signups', dashboards: [1] }] })
  // @ts-expect-error allowEnv takes names and RegExp patterns
  await plan(client, pulled, { allowEnv: [42] })
  // @ts-expect-error allowEnv is a list, not one name
  await plan(client, pulled, { allowEnv: 'DEPLOY_TOKEN' })
  // @ts-expect-error formatPlan formats as 'text', 'markdown' or 'json'
  formatPlan(changes, 'html')
  // @ts-expect-error $renamedFrom names the old key: a string
  await plan(client, { surveys: [{ name: 'NPS 2027', type: 'api', $renamedFrom: 4 }] })
  // @ts-expect-error planCopy copies to a client, not a project id
  await planCopy(client, 222)
  // @ts-expect-error keys are strings
  await planCopy(client, production, { keys: [1] })
  // @ts-expect-error keys are strings
  await plan(client, {}, { keys: [1] })
  // @ts-expect-error readPlan reads a path
  await readPlan(saved)

  // Hog function tests: the report's shape; a filter names functions and cases by their strings.
  const tested = await testHogFunctions(await readConfig('posthog'), {
    env: {},
    filter: { keys: ['Order webhook'], cases: ['sends'] },
  })
  expectTypeOf(tested).toEqualTypeOf<HogTestReport>()
  expectTypeOf(tested.cases[0]!.differences[0]!.message).toEqualTypeOf<string>()
  await pull(client, { withTests: true })
  // @ts-expect-error remote is a boolean
  await testHogFunctions(pulled, { remote: 'yes' })
  // @ts-expect-error a case is named by a string
  await testHogFunctions(pulled, { filter: { cases: [1] } })
}
