import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { ProjectClient } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { parseCommandLine } from '../../src/cli/args.js'
import type { Call, QueryCall } from '../../src/cli/call.js'
import { buildCli, fakeEnv, finished, runCli, type StagedCli } from './helpers.js'

/**
 * README's "Command line" examples can't rot: every `npx -p posthog-project-client posthog-project …` line
 * there parses; and no snippet anywhere runs `npx` on the command's name alone, which would fetch another
 * npm package (`posthog-project`) and run it with the API key in its environment.
 */

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const section = README.slice(
  README.indexOf('## Command line'),
  README.indexOf('\n## ', README.indexOf('## Command line') + 1),
)

/**
 * The words of a shell command line: double quotes with `\"` escapes, single quotes, `$(…)` and `$var` as one word;
 * stops at a redirect or a comment.
 */
function shellWords(line: string): string[] {
  const words: string[] = []
  for (const match of line.matchAll(/"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g)) {
    if (match[3]?.startsWith('>') || match[3]?.startsWith('#')) break
    if (match[2] !== undefined) words.push(match[2])
    else
      words.push(
        match[1] === undefined ? match[3]! : match[1].replace(/\\"/g, '"').replace(/\$now/g, '2026-11-23T20:00:00Z'),
      )
  }
  return words
}

const NPX = 'npx -p posthog-project-client posthog-project'
const commands = [...section.matchAll(new RegExp(`^${NPX} (.+)$`, 'gm'))]
  .map((match) => match[1]!)
  .filter((line) => !line.startsWith('<group>'))

/** The fenced code blocks of a markdown text, each with the line it starts on. */
function codeBlocks(markdown: string): Array<{ line: number; code: string }> {
  const blocks: Array<{ line: number; code: string }> = []
  const lines = markdown.split('\n')
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]!.startsWith('```')) continue
    const start = index + 1
    while (++index < lines.length && !lines[index]!.startsWith('```'));
    blocks.push({ line: start + 1, code: lines.slice(start, index).join('\n') })
  }
  return blocks
}

/** An `npx` that runs `posthog-project` without naming the package (`-p`/`--package`) that holds it. */
function bareNpx(code: string): string[] {
  return code
    .split('\n')
    .filter((line) => /\bnpx\b/.test(line) && /\bposthog-project(?![-\w])/.test(line))
    .filter(
      (line) =>
        !/\bnpx\s+(?:-y\s+|--yes\s+)?(?:-p|--package)[\s=]posthog-project-client(?:@\S+)?\s+posthog-project\b/.test(
          line,
        ),
    )
}

describe('README: npx names the package', () => {
  it('finds the bare form (the check itself)', () => {
    expect(bareNpx('npx posthog-project surveys list')).toHaveLength(1)
    expect(bareNpx('npx --yes posthog-project --help')).toHaveLength(1)
    expect(bareNpx('  x=$(npx posthog-project experiments list)')).toHaveLength(1)
    expect(bareNpx(`${NPX} surveys list`)).toEqual([])
    expect(bareNpx('npx --package=posthog-project-client@0.4 posthog-project --help')).toEqual([])
    expect(bareNpx('npm install posthog-project-client && npx tsc')).toEqual([])
  })

  it('no snippet runs npx posthog-project without -p posthog-project-client', () => {
    const bare = codeBlocks(README).flatMap(({ line, code }) =>
      bareNpx(code).map((text) => `README.md:${line}: ${text}`),
    )
    expect(bare).toEqual([])
    // Inline code too: `npx -p posthog-project-client posthog-project --help`.
    expect([...README.matchAll(/`([^`\n]*\bnpx\b[^`\n]*)`/g)].flatMap((match) => bareNpx(match[1]!))).toEqual([])
  })
})

describe('README: Command line', () => {
  it('shows a CI step and a nightly export', () => {
    expect(section).toContain('--all --format ndjson')
    expect(commands.length).toBeGreaterThanOrEqual(5)
  })

  it.each(commands)('posthog-project %s', async (line) => {
    const parsed = await parseCommandLine(shellWords(line))
    if (parsed.kind !== 'run') throw new Error(`${line}: ${parsed.kind}, not a command`)
    const input = parsed.input as Call | QueryCall
    expect(['call', 'query']).toContain(input.kind)
    if (input.data !== undefined) expect(() => JSON.parse(input.data!)).not.toThrow()
    if (input.kind === 'query' && input.values !== undefined) expect(() => JSON.parse(input.values!)).not.toThrow()
  })
})

/**
 * README's "In CI" workflows, run as written: each `run:` step by `bash -euo pipefail` with the built
 * `posthog-project` (for `npx -p posthog-project-client posthog-project`) against the fake over a socket, the
 * job's `env:` with its `${{ … }}` values filled in, `gh` as a stand-in that keeps comments and artifacts in
 * a folder, and `actions/upload-artifact` as a copy into it. Production is project 1; project 2 is never written.
 */
describe('README: In CI', () => {
  const ci = README.slice(README.indexOf('### In CI'), README.indexOf('\n## ', README.indexOf('### In CI')))
  let cli: StagedCli
  let fake: FakeApi
  let server: FakeServer
  let work: string
  const secretVariable = 'POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN'
  const secret = 'ci-secret-token-value'
  const production = () => new ProjectClient({ ...fake.clientOptions(server.url), projectId: 1 })

  beforeAll(() => {
    cli = buildCli()
  }, 120_000)
  afterAll(() => cli?.remove())
  beforeEach(async () => {
    fake = createFakeApi({ projects: [1, 2] })
    server = await fake.listen()
    work = mkdtempSync(join(tmpdir(), 'phc-readme-ci-'))
    mkdirSync(join(work, '.gh', 'runs'), { recursive: true })
    const client = production()
    await client.surveys.create({
      name: 'NPS Q4',
      type: 'api',
      description: 'Quarterly NPS',
      questions: [{ type: 'open', question: 'Anything else?' }],
    })
    await client.surveys.create({
      name: 'Exit survey',
      type: 'api',
      description: 'Why did you leave?',
      questions: [{ type: 'open', question: 'Why?' }],
    })
    await client.hogFunctions.create({
      type: 'destination',
      name: 'Order webhook',
      hog: 'fetch(inputs.url)',
      inputs_schema: [
        { type: 'string', key: 'url', label: 'URL' },
        { type: 'string', key: 'api_token', label: 'Token', secret: true },
      ],
      inputs: { url: { value: 'https://example.com/orders' }, api_token: { value: secret } },
    })
    return async () => {
      await server.close()
      rmSync(work, { recursive: true, force: true })
    }
  })

  /** The workflow whose block starts with `# .github/workflows/<name>`. */
  function workflow(name: string): Workflow {
    const block = [...ci.matchAll(/```yaml\n([\s\S]*?)\n```/g)]
      .map((match) => match[1]!)
      .find((text) => text.startsWith(`# .github/workflows/${name}`))
    if (!block) throw new Error(`README.md has no workflow ${name}`)
    return parseYaml(block) as Workflow
  }

  /**
   * Runs every job's steps in order, as Actions would (a failed step skips the rest but `if: always()`); the last
   * failed step's code.
   */
  async function runWorkflow(
    name: string,
    github: { sha: string; pr: number },
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    const flow = workflow(name)
    const expressions: Record<string, string> = {
      'secrets.POSTHOG_PERSONAL_API_KEY': fake.apiKey,
      'vars.POSTHOG_PROJECT_ID': '1',
      [`secrets.${secretVariable}`]: secret,
      'github.token': 'gh-token',
      'github.event.number': String(github.pr),
      'github.event.pull_request.head.sha': github.sha,
    }
    const fill = (value: string) =>
      value.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_all, expression: string) => {
        if (!(expression in expressions))
          throw new Error(`README workflow ${name} uses \${{ ${expression} }}, unknown to this test`)
        return expressions[expression]!
      })
    let code = 0
    let stdout = ''
    let stderr = ''
    for (const job of Object.values(flow.jobs)) {
      const env = Object.fromEntries(Object.entries(job.env ?? {}).map(([key, value]) => [key, fill(String(value))]))
      for (const step of job.steps) {
        if (code !== 0 && step.if !== 'always()') continue
        if (step.uses?.startsWith('actions/checkout@')) continue
        if (step.uses?.startsWith('actions/upload-artifact@')) {
          if (code !== 0) continue
          const folder = join(work, '.gh', 'runs', github.sha, step.with!.name!)
          mkdirSync(folder, { recursive: true })
          cpSync(join(work, step.with!.path!), join(folder, basename(step.with!.path!)))
          continue
        }
        if (step.run === undefined)
          throw new Error(`README workflow ${name}: a step this test cannot run: ${JSON.stringify(step)}`)
        expect(step.run).not.toContain('${{')
        expect(step.run).not.toMatch(/npx posthog-project\b/)
        const command = `"${process.execPath}" "${cli.bin}"`
        const script = `${GH}\n${step.run.replaceAll('npx -p posthog-project-client posthog-project', command)}`
        const shell = spawn('bash', ['-euo', 'pipefail', '-c', script], {
          cwd: work,
          env: {
            PATH: process.env.PATH ?? '',
            POSTHOG_BASE_URL: server.url,
            GITHUB_REPOSITORY: 'acme/shop',
            GH_STUB: join(work, '.gh'),
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        const result = await finished(shell)
        stdout += result.stdout
        stderr += result.stderr
        if (result.code !== 0) code = result.code ?? 1
      }
    }
    return { code, stdout, stderr }
  }

  const edit = (file: string, from: string, to: string) => {
    const path = join(work, 'posthog', file)
    const text = readFileSync(path, 'utf8')
    expect(text).toContain(from)
    writeFileSync(path, text.replace(from, to))
  }
  const writesTo = (from: number) => fake.requests.slice(from).filter((request) => request.method !== 'GET')

  it('shows the three workflows, runs applies one at a time, and uses npx -p or an installed package', () => {
    expect(workflow('posthog-apply.yml').concurrency).toEqual({
      group: 'posthog-apply-production',
      'cancel-in-progress': false,
    })
    expect(ci).not.toMatch(/npx posthog-project\b/)
    expect(ci).toContain('two applies')
  })

  it(
    'a pull request: the markdown plan is posted and saved; merged, exactly that plan is applied; the nightly ' +
      'check is clean',
    async () => {
      const pulled = await runCli(cli.bin, ['pull', '--kind', 'surveys,hog-functions'], {
        cwd: work,
        env: fakeEnv(fake, server.url),
      })
      expect(pulled.code).toBe(0)
      expect(await runWorkflow('posthog-drift.yml', { sha: 'main-1', pr: 0 })).toMatchObject({ code: 0, stderr: '' })

      edit('surveys/NPS-Q4.yaml', 'description: Quarterly NPS', 'description: Reviewed NPS')
      const from = fake.requests.length
      const planned = await runWorkflow('posthog-plan.yml', { sha: 'pr-7-head', pr: 7 })
      expect(planned).toMatchObject({ code: 0, stderr: '' })
      const comment = readFileSync(join(work, '.gh', 'comment-7.md'), 'utf8')
      expect(comment).toContain(
        `### PostHog plan for project 1 (${production().baseUrl}): 0 to create, 1 to update, 0 to delete, 2 unchanged`,
      )
      expect(comment).toContain('<code>"Quarterly NPS"</code> | <code>"Reviewed NPS"</code>')
      expect(
        readFileSync(join(work, '.gh', 'runs', 'pr-7-head', 'posthog-plan', 'posthog.plan.json'), 'utf8'),
      ).not.toContain(secret)
      expect(writesTo(from)).toEqual([])

      // Merged: the reviewed plan is applied, whatever the folder says now.
      edit('surveys/NPS-Q4.yaml', 'description: Reviewed NPS', 'description: Not reviewed')
      const applied = await runWorkflow('posthog-apply.yml', { sha: 'pr-7-head', pr: 7 })
      expect(applied).toMatchObject({ code: 0, stderr: '' })
      expect(applied.stdout).toContain('Applied 1, failed 0, skipped 0.')
      expect(writesTo(from).map((request) => [request.path.split('/').slice(0, 5).join('/'), request.body])).toEqual([
        ['/api/projects/1/surveys', { description: 'Reviewed NPS' }],
      ])
      edit('surveys/NPS-Q4.yaml', 'description: Not reviewed', 'description: Reviewed NPS')
      expect(await runWorkflow('posthog-drift.yml', { sha: 'main-2', pr: 0 })).toMatchObject({ code: 0, stderr: '' })

      // No plan saved for a commit: nothing to apply, the job fails.
      const unplanned = await runWorkflow('posthog-apply.yml', { sha: 'never-planned', pr: 8 })
      expect(unplanned.code).not.toBe(0)
      expect(unplanned.stderr).toContain('no successful plan for never-planned: nothing to apply')
      expect(fake.requests.filter((request) => request.path.startsWith('/api/projects/2/'))).toEqual([])
    },
  )

  it(
    'two merged pull requests on the same survey: the second ' + 'apply finds its plan stale and writes nothing',
    async () => {
      await runCli(cli.bin, ['pull', '--kind', 'surveys'], { cwd: work, env: fakeEnv(fake, server.url) })
      edit('surveys/NPS-Q4.yaml', 'description: Quarterly NPS', 'description: From PR 7')
      expect((await runWorkflow('posthog-plan.yml', { sha: 'pr-7', pr: 7 })).code).toBe(0)
      edit('surveys/NPS-Q4.yaml', 'description: From PR 7', 'description: From PR 8')
      expect((await runWorkflow('posthog-plan.yml', { sha: 'pr-8', pr: 8 })).code).toBe(0)
      expect((await runWorkflow('posthog-apply.yml', { sha: 'pr-7', pr: 7 })).code).toBe(0)
      const from = fake.requests.length
      const second = await runWorkflow('posthog-apply.yml', { sha: 'pr-8', pr: 8 })
      expect(second.code).toBe(1)
      expect(second.stderr).toContain(
        'StalePlanError: the saved plan is stale: surveys "NPS Q4" changed since it was made; nothing was written',
      )
      expect(writesTo(from)).toEqual([])
    },
  )

  it(
    'the hog function tests: pass on the pulled function, fail the pull request that breaks its body, the field ' +
      'named',
    async () => {
      const client = production()
      const [webhook] = (await client.hogFunctions.list()).results.filter((item) => item.name === 'Order webhook')
      await client.hogFunctions.update(webhook!.id, {
        hog:
          "fetch(inputs.url, {'headers': {'Authorization': f'Bearer {inputs.api_token}'}, 'body': {'event': " +
          'event.event}})',
      })
      const pulled = await runCli(cli.bin, ['pull', '--kind', 'hog-functions', '--with-tests'], {
        cwd: work,
        env: fakeEnv(fake, server.url),
      })
      expect(pulled.code).toBe(0)
      expect(readFileSync(join(work, 'posthog', 'hog-functions', 'Order-webhook.test.yaml'), 'utf8')).toContain(
        'Bearer ***REDACTED***',
      )
      const from = fake.requests.length
      const passing = await runWorkflow('posthog-test.yml', { sha: 'pr-9', pr: 9 })
      expect(passing).toMatchObject({ code: 0, stderr: '' })
      expect(passing.stdout).toContain('1 case: 1 passed, 0 failed')

      edit('hog-functions/Order-webhook.yaml', "'event': event.event", "'event': event.name")
      const failing = await runWorkflow('posthog-test.yml', { sha: 'pr-10', pr: 10 })
      expect(failing.code).toBe(1)
      expect(failing.stdout).toContain(
        'FAIL Order webhook › $pageview event\n    call 1 (POST https://example.com/orders): body.event: ' +
          'expected "$pageview", got null\n',
      )
      // No key, nothing sent: the tests ran on the runner.
      expect(fake.requests.length).toBe(from)
    },
  )

  it('the nightly check fails on a change made by hand, with the plan that would undo it', async () => {
    await runCli(cli.bin, ['pull', '--kind', 'surveys'], { cwd: work, env: fakeEnv(fake, server.url) })
    const client = production()
    const [exit] = (await client.surveys.list()).results.filter((survey) => survey.name === 'Exit survey')
    await client.surveys.update(exit!.id, { description: 'Edited in the UI' })
    const drift = await runWorkflow('posthog-drift.yml', { sha: 'main-3', pr: 0 })
    expect(drift.code).toBe(1)
    expect(drift.stdout).toContain('~ surveys "Exit survey"')
    expect(drift.stdout).toContain('description: "Edited in the UI" → "Why did you leave?"')
    expect(drift.stdout).toContain('::error::production no longer matches posthog/')
  })
})

interface Workflow {
  concurrency?: unknown
  jobs: Record<
    string,
    {
      env?: Record<string, unknown>
      steps: Array<{ uses?: string; run?: string; if?: string; with?: { name?: string; path?: string } }>
    }
  >
}

/**
 * `gh` for the workflows: `pr comment N --body-file F` keeps F as `.gh/comment-N.md`; `run list … --commit SHA`
 * prints the run of that commit when one uploaded artifacts (the commit stands for the run id), and when none
 * did, what gh's `--jq '.[0].databaseId'` prints for an empty list (`null`; nothing with `// empty`); `run download
 * ID --name NAME --dir DIR` copies that artifact. Every flag but those takes one value.
 */
const GH = `gh() {
  local command="$1 $2"; shift 2
  local name='' dir='' body='' commit='' jq='' positional=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --name) name=$2; shift 2 ;;
      --dir) dir=$2; shift 2 ;;
      --body-file) body=$2; shift 2 ;;
      --commit) commit=$2; shift 2 ;;
      --jq) jq=$2; shift 2 ;;
      --*) shift 2 ;;
      *) positional+=("$1"); shift ;;
    esac
  done
  case "$command" in
    "pr comment") cp "$body" "$GH_STUB/comment-\${positional[0]}.md" ;;
    "run list")
      if [ -d "$GH_STUB/runs/$commit" ]; then echo "$commit"
      elif [ "$jq" != '.[0].databaseId // empty' ]; then echo null
      fi ;;
    "run download") mkdir -p "$dir" && cp "$GH_STUB/runs/\${positional[0]}/$name/"* "$dir/" ;;
    *) echo "unexpected gh $command" >&2; return 9 ;;
  esac
}`
