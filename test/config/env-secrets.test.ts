import { inspect } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidArgumentError, type ProjectClient } from 'posthog-project-client'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  apply,
  formatPlan,
  plan,
  readPlan,
  writePlan,
  type ApplyReport,
  type Plan,
  type ProjectConfig,
} from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { plainServer, send, type PlainServer } from '../helpers/plain-server.js'
import { PRODUCTION, STAGING, writesSince } from './setup.js'

/**
 * Secrets by construction (issue 26) and of every input type (issue 27): `$env` at any depth of a secret
 * input, JSON for `json`/`dictionary` inputs, only `POSTHOG_SECRET_*` unless allowed, nowhere but in secret
 * inputs; and no value read from the environment in any output of a plan or its apply, whatever the keys.
 */

type Spec = Record<string, unknown>

/** A destination whose every input is declared as given; `secret` keys are declared secret. */
function destination(
  name: string,
  inputs: Record<string, { type: string; secret?: boolean; value: unknown }>,
  mappings?: unknown[],
): Spec {
  return {
    name,
    type: 'destination',
    hog: 'print(inputs)',
    inputs_schema: Object.entries(inputs).map(([key, input]) => ({
      key,
      type: input.type,
      label: key,
      required: false,
      secret: input.secret === true,
    })),
    inputs: Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, { value: input.value }])),
    ...(mappings && { mappings }),
  }
}

function mapping(name: string, key: string, value: unknown): Spec {
  return {
    name,
    inputs_schema: [{ key, type: 'string', label: key, required: false, secret: true }],
    inputs: { [key]: { value } },
  }
}

/** A server on 127.0.0.1 that passes reads on to the fake and answers every write 400, echoing the body it was sent. */
async function echoingServer(fakeUrl: string): Promise<PlainServer & { bodies: unknown[] }> {
  const bodies: unknown[] = []
  const server = await plainServer(async (request, response) => {
    if (request.method !== 'GET') {
      bodies.push(JSON.parse(request.body))
      return send(response, 400, {
        type: 'validation_error',
        code: 'invalid_input',
        detail: `Invalid input: ${request.body}`,
        attr: 'inputs',
        echoed: JSON.parse(request.body),
      })
    }
    const answer = await fetch(`${fakeUrl}${request.url}`, {
      headers: { authorization: String(request.headers.authorization) },
    })
    send(response, answer.status, Buffer.from(await answer.arrayBuffer()).toString('utf8'), {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    })
  })
  return Object.assign(server, { bodies })
}

describe('secrets by construction', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] })
  const logged: string[] = []
  const logger = {
    debug: (...args: unknown[]) => logged.push(inspect(args, { depth: 10 })),
    warn: (...args: unknown[]) => logged.push(inspect(args, { depth: 10 })),
  }
  const client = (projectId = STAGING): ProjectClient => e2e.client({ projectId, logger })
  /**
   * Every output of a plan and its report: each format, JSON, inspect (hidden members too), the errors, the log lines.
   */
  const outputs = (result: Plan, report?: ApplyReport) =>
    [
      ...(['text', 'markdown', 'json'] as const).map((format) => formatPlan(result, format)),
      JSON.stringify(result),
      inspect(result, { depth: Infinity, showHidden: true }),
      ...(report
        ? [
            JSON.stringify(report),
            inspect(report, { depth: Infinity, showHidden: true }),
            ...report.results.flatMap((item) =>
              item.error
                ? [
                    item.error.message,
                    String(item.error.stack),
                    inspect(item.error, { depth: Infinity, showHidden: true }),
                  ]
                : [],
            ),
          ]
        : []),
      ...logged,
    ].join('\n')
  let echo: Awaited<ReturnType<typeof echoingServer>>
  beforeAll(async () => {
    echo = await echoingServer(e2e.server.url)
  })
  afterAll(() => echo.close())
  const echoing = (projectId: number) => e2e.client({ projectId, baseUrl: echo.url, logger })

  it(
    'keys with . and [ and a change reported at the parent (a ' + 'new mapping): no value shown, paths quoted',
    async () => {
      const name = `Dotted ${Date.now()}`
      await client().hogFunctions.create(
        destination(name, { url: { type: 'string', value: 'https://example.com' } }, [
          mapping('Base', 'token', 'stored-base-token'),
        ]) as never,
      )
      const spec = destination(
        name,
        {
          url: { type: 'string', value: 'https://example.com' },
          'x.y': { type: 'string', secret: true, value: { $env: 'POSTHOG_SECRET_DOTTED' } },
        },
        [
          mapping('Base', 'token', { $env: 'POSTHOG_SECRET_BASE' }),
          mapping('Bracketed', 'a[0]', { $env: 'POSTHOG_SECRET_BRACKET' }),
        ],
      )
      const env = {
        POSTHOG_SECRET_DOTTED: 'dotted-secret-value',
        POSTHOG_SECRET_BASE: 'base-secret-value',
        POSTHOG_SECRET_BRACKET: 'bracket-secret-value',
      }
      const result = await plan(client(), { hogFunctions: [spec as never] }, { env, rotateSecrets: true })
      expect(result.errors).toEqual([])
      const [change] = result.changes
      expect(change!.fields!.map((field) => field.path)).toEqual(['inputs_schema', 'inputs["x.y"]', 'mappings'])
      expect(change!.fields![1]).toEqual({ path: 'inputs["x.y"]', before: '(secret)', after: '(secret)' })
      const mappings = change!.fields![2]!.after as Array<{ inputs: Record<string, unknown> }>
      expect(mappings.map((item) => item.inputs)).toEqual([
        { token: { value: '(secret)' } },
        { 'a[0]': { value: '(secret)' } },
      ])
      expect(change!.reads).toEqual(['POSTHOG_SECRET_BASE', 'POSTHOG_SECRET_BRACKET', 'POSTHOG_SECRET_DOTTED'])
      const from = e2e.fake.requests.length
      const report = await apply(client(), result)
      expect(report.applied).toBe(1)
      const [patch] = writesSince(e2e.fake, from)
      const body = patch!.body as {
        inputs: Record<string, { value: unknown }>
        mappings: Array<{ inputs: Record<string, { value: unknown }> }>
      }
      expect(body.inputs['x.y']).toEqual({ value: 'dotted-secret-value' })
      expect(body.mappings.map((item) => Object.values(item.inputs)[0])).toEqual([
        { value: 'base-secret-value' },
        { value: 'bracket-secret-value' },
      ])
      expect(outputs(result, report)).not.toMatch(
        /dotted-secret-value|base-secret-value|bracket-secret-value|stored-base-token/,
      )
    },
  )

  it(
    'property: input keys of . [ ] \\ " and letters at any depth; no value read appears in any output, the ' +
      'echoing service included, and each is sent where it stands',
    async () => {
      const key = fc.string({
        unit: fc.constantFrom('.', '[', ']', '\\', '"', 'a', 'b', 'Z'),
        minLength: 1,
        maxLength: 5,
      })
      const secretValue = fc
        .string({ unit: fc.constantFrom('q', 'Q', '7', '"', '\\', '<', '|', '@', 'é'), minLength: 8, maxLength: 16 })
        .map((text) => `Sv${text}`)
      let run = 0
      await fc.assert(
        fc.asyncProperty(
          fc.array(key, { minLength: 0, maxLength: 3 }),
          key,
          key,
          secretValue,
          secretValue,
          secretValue,
          async (depthKeys, headerKey, mappingKey, nested, jsonLeaf, mapped) => {
            run += 1
            const name = `Prop ${run} ${Date.now()}`
            await client().hogFunctions.create(
              destination(name, { url: { type: 'string', value: 'https://example.com' } }, [
                mapping('Base', 'token', 'stored'),
              ]) as never,
            )
            const deep = depthKeys.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), {
              $env: 'POSTHOG_SECRET_NESTED',
            })
            const inputs = {
              url: { type: 'string', value: 'https://example.com' },
              [headerKey]: { type: 'dictionary', secret: true, value: { [headerKey]: deep } },
              [`${headerKey}json`]: { type: 'json', secret: true, value: { $env: 'POSTHOG_SECRET_JSON' } },
            }
            const mappings = [
              mapping('Base', 'token', { $env: 'POSTHOG_SECRET_MAPPED' }),
              mapping('Added', mappingKey, { $env: 'POSTHOG_SECRET_MAPPED' }),
            ]
            const env = {
              POSTHOG_SECRET_NESTED: nested,
              POSTHOG_SECRET_JSON: JSON.stringify({ auth: { token: jsonLeaf } }),
              POSTHOG_SECRET_MAPPED: mapped,
            }
            const config = {
              hogFunctions: [destination(name, inputs, mappings), destination(`${name} new`, inputs, mappings)],
            } as unknown as ProjectConfig
            logged.length = 0
            const result = await plan(echoing(STAGING), config, { env, rotateSecrets: true })
            expect(result.errors).toEqual([])
            expect(result.changes.map((change) => change.action)).toEqual(['update', 'create'])
            const from = echo.bodies.length
            const report = await apply(echoing(STAGING), result)
            expect(report.failed).toBe(2)
            const shown = outputs(result, report)
            for (const value of [nested, jsonLeaf, mapped, env.POSTHOG_SECRET_JSON]) expect(shown).not.toContain(value)
            for (const value of [nested, jsonLeaf, mapped])
              expect(shown).not.toContain(JSON.stringify(value).slice(1, -1))
            const [update, create] = echo.bodies.slice(from) as Array<{
              inputs?: Record<string, { value: unknown }>
              mappings?: Array<{ inputs: Record<string, { value: unknown }> }>
            }>
            for (const body of [create!, update!]) {
              const sentDeep = depthKeys.reduce<unknown>(
                (inner, segment) => (inner as Record<string, unknown>)[segment],
                (body.inputs![headerKey]!.value as Record<string, unknown>)[headerKey],
              )
              expect(sentDeep).toBe(nested)
              expect(body.inputs![`${headerKey}json`]!.value).toEqual({ auth: { token: jsonLeaf } })
              expect(body.mappings!.map((item) => Object.values(item.inputs)[0])).toEqual([
                { value: mapped },
                { value: mapped },
              ])
            }
          },
        ),
        { numRuns: 25 },
      )
    },
  )

  it(
    'a dictionary secret from one JSON variable, and $env inside a dictionary: sent parsed and in place, never ' +
      'shown',
    async () => {
      const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer dict-secret-token' }
      const spec = destination(`Dictionary ${Date.now()}`, {
        headers: { type: 'dictionary', secret: true, value: { $env: 'POSTHOG_SECRET_HEADERS' } },
        extra: {
          type: 'dictionary',
          secret: true,
          value: { Authorization: { $env: 'POSTHOG_SECRET_TOKEN' }, 'X-Static': 'kept' },
        },
        body: { type: 'json', secret: true, value: { $env: 'POSTHOG_SECRET_BODY' } },
      })
      const env = {
        POSTHOG_SECRET_HEADERS: JSON.stringify(headers),
        POSTHOG_SECRET_TOKEN: 'nested-secret-token',
        POSTHOG_SECRET_BODY: '[1, {"signing_key": "json-secret-key"}]',
      }
      const result = await plan(client(PRODUCTION), { hogFunctions: [spec as never] }, { env })
      expect(result.errors).toEqual([])
      expect(result.changes[0]).toMatchObject({
        action: 'create',
        reads: ['POSTHOG_SECRET_BODY', 'POSTHOG_SECRET_HEADERS', 'POSTHOG_SECRET_TOKEN'],
      })
      const from = e2e.fake.requests.length
      const report = await apply(client(PRODUCTION), result)
      expect(report.applied).toBe(1)
      const [post] = writesSince(e2e.fake, from)
      expect((post!.body as Spec).inputs).toEqual({
        headers: { value: headers },
        extra: { value: { Authorization: 'nested-secret-token', 'X-Static': 'kept' } },
        body: { value: [1, { signing_key: 'json-secret-key' }] },
      })
      expect(outputs(result, report)).not.toMatch(/dict-secret-token|nested-secret-token|json-secret-key/)
    },
  )

  it(
    'a json or dictionary variable that does not parse is a ' + 'plan error naming it, never showing its text',
    async () => {
      const spec = destination(`Broken ${Date.now()}`, {
        headers: { type: 'dictionary', secret: true, value: { $env: 'POSTHOG_SECRET_HEADERS' } },
        list: { type: 'dictionary', secret: true, value: { $env: 'POSTHOG_SECRET_LIST' } },
        body: { type: 'json', secret: true, value: { $env: 'POSTHOG_SECRET_BODY' } },
      })
      const env = {
        POSTHOG_SECRET_HEADERS: 'Authorization: Bearer not-json-secret',
        POSTHOG_SECRET_LIST: '["listed-secret"]',
        POSTHOG_SECRET_BODY: '{"unterminated-secret',
      }
      const result = await plan(client(PRODUCTION), { hogFunctions: [spec as never] }, { env })
      expect(result.errors.map((error) => error.message)).toEqual([
        "inputs.headers: environment variable POSTHOG_SECRET_HEADERS does not hold JSON (the input's type is " +
          'dictionary); its text is not shown',
        "inputs.list: environment variable POSTHOG_SECRET_LIST does not hold a JSON object (the input's type is " +
          'dictionary)',
        "inputs.body: environment variable POSTHOG_SECRET_BODY does not hold JSON (the input's type is json); " +
          'its text is not shown',
      ])
      expect(outputs(result)).not.toMatch(/not-json-secret|listed-secret|unterminated-secret/)
    },
  )

  it('an unresolvable $env is never sent as it is: a plan error, and apply sends nothing', async () => {
    const spec = destination(`Missing ${Date.now()}`, {
      extra: { type: 'dictionary', secret: true, value: { Authorization: { $env: 'POSTHOG_SECRET_UNSET' } } },
    })
    const result = await plan(client(PRODUCTION), { hogFunctions: [spec as never] }, { env: {} })
    expect(result.errors.map((error) => error.message)).toEqual([
      'inputs.extra.value.Authorization: environment variable POSTHOG_SECRET_UNSET is not set',
    ])
    const from = e2e.fake.requests.length
    await expect(apply(client(PRODUCTION), result)).rejects.toThrow(InvalidArgumentError)
    expect(e2e.fake.requests.length).toBe(from)
  })

  it(
    '$env reads only POSTHOG_SECRET_* unless allowEnv names it (a name or a pattern); other names are plan ' +
      'errors, unread',
    async () => {
      const spec = (variable: string) =>
        destination(`Allowed ${variable}`, { token: { type: 'string', secret: true, value: { $env: variable } } })
      const env = {
        AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
        DEPLOY_TOKEN: 'deploy-secret-value',
        POSTHOG_SECRET_OK: 'prefixed-secret-value',
      }
      const refused = await plan(
        client(PRODUCTION),
        { hogFunctions: [spec('AWS_SECRET_ACCESS_KEY'), spec('POSTHOG_SECRET_OK')] as never },
        { env },
      )
      expect(refused.errors).toEqual([
        {
          kind: 'hogFunctions',
          key: 'Allowed AWS_SECRET_ACCESS_KEY',
          message:
            'inputs.token: $env AWS_SECRET_ACCESS_KEY is not allowed: $env reads only variables named ' +
            'POSTHOG_SECRET_* unless allowed (allowEnv, --allow-env AWS_SECRET_ACCESS_KEY)',
        },
      ])
      expect(refused.changes.map((change) => change.reads)).toEqual([undefined, ['POSTHOG_SECRET_OK']])
      expect(outputs(refused)).not.toMatch(/aws-secret-value|prefixed-secret-value/)
      const allowed = await plan(
        client(PRODUCTION),
        { hogFunctions: [spec('AWS_SECRET_ACCESS_KEY'), spec('DEPLOY_TOKEN')] as never },
        { env, allowEnv: ['AWS_SECRET_ACCESS_KEY', /^DEPLOY_/g] },
      )
      expect(allowed.errors).toEqual([])
      expect(allowed.changes.map((change) => change.reads)).toEqual([['AWS_SECRET_ACCESS_KEY'], ['DEPLOY_TOKEN']])
      const odd = await plan(
        client(PRODUCTION),
        { hogFunctions: [spec('POSTHOG_SECRET_X\n+ forged line')] as never },
        { env },
      )
      expect(odd.errors.map((error) => error.message)).toEqual([
        'inputs.token: $env "POSTHOG_SECRET_X\\n+ forged line" is not a variable name (letters, digits and _)',
      ])
      await expect(plan(client(PRODUCTION), {}, { allowEnv: 'AWS_*' as never })).rejects.toThrow(
        'Invalid argument `options.allowEnv`: expected an array of variable names and RegExp patterns',
      )
      await expect(plan(client(PRODUCTION), {}, { allowEnv: [3] as never })).rejects.toThrow(
        'Invalid argument `options.allowEnv[0]`',
      )
    },
  )

  it('a name allowEnv does not allow is refused even where the stored secret is kept and nothing is read', async () => {
    const name = `Kept ${Date.now()}`
    await client().hogFunctions.create(
      destination(name, { token: { type: 'string', secret: true, value: 'stored-kept-secret' } }) as never,
    )
    const spec = destination(name, {
      token: { type: 'string', secret: true, value: { $env: 'AWS_SECRET_ACCESS_KEY' } },
    })
    const result = await plan(
      client(),
      { hogFunctions: [spec as never] },
      { env: { AWS_SECRET_ACCESS_KEY: 'aws-kept-value' } },
    )
    expect(result.errors.map((error) => error.message)).toEqual([
      'inputs.token: $env AWS_SECRET_ACCESS_KEY is not allowed: $env reads only variables named ' +
        'POSTHOG_SECRET_* unless allowed (allowEnv, --allow-env AWS_SECRET_ACCESS_KEY)',
    ])
    expect(result.changes[0]!.reads).toBeUndefined()
    const allowed = await plan(
      client(),
      { hogFunctions: [spec as never] },
      { env: {}, allowEnv: ['AWS_SECRET_ACCESS_KEY'] },
    )
    expect(allowed.errors).toEqual([])
    expect(allowed.changes.map((change) => change.action)).toEqual(['unchanged'])
  })

  it(
    '$env outside a secret input (a non-secret input, hog code, a survey) is a plan error, never read; zero ' +
      'requests are sent',
    async () => {
      const env = {
        POSTHOG_SECRET_URL: 'url-secret-value',
        POSTHOG_SECRET_HOG: 'hog-secret-value',
        POSTHOG_SECRET_NAME: 'survey-secret-value',
      }
      const fn = {
        ...destination(`Leaky ${Date.now()}`, { url: { type: 'string', value: { $env: 'POSTHOG_SECRET_URL' } } }),
        hog: { $env: 'POSTHOG_SECRET_HOG' },
      }
      const survey = {
        name: 'Leaky survey',
        type: 'popover',
        questions: [{ type: 'open', question: { $env: 'POSTHOG_SECRET_NAME' } }],
      }
      const from = e2e.fake.requests.length
      const result = await plan(
        client(PRODUCTION),
        { hogFunctions: [fn as never], surveys: [survey as never] },
        { env },
      )
      expect(result.errors.map((error) => error.message)).toEqual([
        'hog: $env POSTHOG_SECRET_HOG is not read here: $env stands only inside the value of a secret hog ' +
          'function input',
        'inputs.url.value: $env POSTHOG_SECRET_URL is not read here: $env stands only inside the value of an ' +
          'input whose inputs_schema declares secret: true (the service stores other inputs in clear, and pull ' +
          'would write the value into the files)',
        'questions[0].question: $env POSTHOG_SECRET_NAME is not read here: $env stands only inside the value of ' +
          'a secret hog function input',
      ])
      expect(result.changes.every((change) => change.reads === undefined)).toBe(true)
      const reads = e2e.fake.requests.length - from
      await expect(apply(client(PRODUCTION), result)).rejects.toThrow(InvalidArgumentError)
      expect(writesSince(e2e.fake, from)).toEqual([])
      expect(e2e.fake.requests.length - from).toBe(reads)
      expect(outputs(result)).not.toMatch(/url-secret-value|hog-secret-value|survey-secret-value/)
    },
  )

  it('every format lists the variables a change reads, never their values', async () => {
    const spec = destination(`Reads ${Date.now()}`, {
      token: { type: 'string', secret: true, value: { $env: 'POSTHOG_SECRET_READS' } },
    })
    const result = await plan(
      client(PRODUCTION),
      { hogFunctions: [spec as never] },
      { env: { POSTHOG_SECRET_READS: 'listed-secret-value' } },
    )
    expect(formatPlan(result, 'text')).toContain(
      `+ hog-functions "${spec.name}" (create)\n    reads $POSTHOG_SECRET_READS\n`,
    )
    expect(formatPlan(result, 'markdown')).toContain('| create; reads $POSTHOG&#95;SECRET&#95;READS |')
    expect(JSON.parse(formatPlan(result, 'json')).changes[0].reads).toEqual(['POSTHOG_SECRET_READS'])
    expect(outputs(result)).not.toContain('listed-secret-value')
  })

  it(
    'the scrubber changes only what is shown: a read value that also stands in a plain field is sent intact, and ' +
      "the caller's specs are untouched",
    async () => {
      const shared = 'https://hooks.example.com/shared-value'
      const spec: Spec = {
        ...destination(`Shared ${Date.now()}`, {
          url: { type: 'string', value: shared },
          token: { type: 'string', secret: true, value: { $env: 'POSTHOG_SECRET_SHARED' } },
        }),
        filters: { events: [{ id: 'order', type: 'events', name: shared }] },
      }
      const before = JSON.stringify(spec)
      const name = spec.name as string
      await client().hogFunctions.create({
        ...destination(name, { url: { type: 'string', value: 'https://old.example.com' } }),
      } as never)
      const result = await plan(
        client(),
        { hogFunctions: [spec as never] },
        { env: { POSTHOG_SECRET_SHARED: shared }, rotateSecrets: true },
      )
      expect(result.changes[0]!.fields!.find((field) => field.path === 'inputs.url.value')).toEqual({
        path: 'inputs.url.value',
        before: 'https://old.example.com',
        after: '(secret)',
      })
      expect(JSON.stringify(spec)).toBe(before)
      const from = e2e.fake.requests.length
      expect((await apply(client(), result)).applied).toBe(1)
      const [patch] = writesSince(e2e.fake, from)
      expect((patch!.body as { inputs: Spec }).inputs).toMatchObject({
        url: { value: shared },
        token: { value: shared },
      })
      expect((patch!.body as { filters: Spec }).filters).toMatchObject({ events: [{ name: shared }] })
    },
  )

  it(
    'the last line of defence: a value read, put back into a plan by hand or echoed by the service, is removed ' +
      'from every output',
    async () => {
      const spec = destination(`Echoed ${Date.now()}`, {
        token: { type: 'string', secret: true, value: { $env: 'POSTHOG_SECRET_ECHOED' } },
      })
      const result = await plan(
        echoing(PRODUCTION),
        { hogFunctions: [spec as never] },
        { env: { POSTHOG_SECRET_ECHOED: 'echoed "secret" value' } },
      )
      result.warnings.push({ kind: 'hogFunctions', message: 'a warning quoting echoed "secret" value' })
      expect(formatPlan(result, 'text')).toContain('Warning: hog-functions: a warning quoting (secret)')
      expect(formatPlan(result, 'json')).not.toContain('echoed \\"secret\\" value')
      const report = await apply(echoing(PRODUCTION), result)
      const error = report.results[0]!.error as Error & { body: { detail: string; echoed: Spec } }
      expect(error.name).toBe('BadRequestError')
      expect(error.body.detail).toContain('(secret)')
      expect(error.body.echoed).toMatchObject({ inputs: { token: { value: '(secret)' } } })
      expect(echo.bodies.at(-1)).toMatchObject({ inputs: { token: { value: 'echoed "secret" value' } } })
      expect(outputs({ ...result, warnings: [] }, report)).not.toMatch(
        /echoed "secret" value|echoed \\"secret\\" value/,
      )
    },
  )

  it(
    'a saved plan: values read when it is applied are scrubbed ' + 'from the report too, the echoing service included',
    async () => {
      const spec = destination(`Saved ${Date.now()}`, {
        headers: { type: 'dictionary', secret: true, value: { Authorization: { $env: 'POSTHOG_SECRET_SAVED' } } },
      })
      const planned = await plan(
        echoing(PRODUCTION),
        { hogFunctions: [spec as never] },
        { env: { POSTHOG_SECRET_SAVED: 'value-at-plan-time' } },
      )
      const dir = mkdtempSync(join(tmpdir(), 'phc-env-secrets-'))
      try {
        await writePlan(join(dir, 'plan.json'), planned)
        const read = await readPlan(join(dir, 'plan.json'), { env: { POSTHOG_SECRET_SAVED: 'value-at-apply-time' } })
        const report = await apply(echoing(PRODUCTION), read)
        expect(report.failed).toBe(1)
        expect(echo.bodies.at(-1)).toMatchObject({
          inputs: { headers: { value: { Authorization: 'value-at-apply-time' } } },
        })
        expect(outputs(read, report)).not.toMatch(/value-at-apply-time|value-at-plan-time/)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})
