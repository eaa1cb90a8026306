import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { parseCommandLine } from '../../src/cli/args.js'
import type { Io } from '../../src/cli/command.js'
import { GROUPS, kebab, methodsOf } from '../../src/cli/commands.js'
import { UsageError } from '../../src/cli/errors.js'
import { toolHelp } from '../../src/cli/help.js'
import type { Sink } from '../../src/cli/output.js'
import { API_COMMANDS, CONFIG_COMMANDS, REGISTRY, TOOL_COMMANDS } from '../../src/cli/registry.js'

/** `posthog-project completion bash|zsh|fish`: scripts written from the registry, run in-process. */

const memory = () =>
  ({
    text: '',
    write(chunk: string | Uint8Array) {
      this.text += String(chunk)
      return true
    },
    once: () => undefined,
  }) satisfies Sink & { text: string }

async function script(shell: string): Promise<string> {
  const parsed = await parseCommandLine(['completion', shell])
  if (parsed.kind !== 'run') throw new Error('not run')
  const io: Io & { stdout: { text: string } } = {
    stdout: memory(),
    stderr: memory(),
    stdin: (async function* () {})(),
    env: {},
    signal: new AbortController().signal,
  }
  expect(await parsed.command.run(parsed.input, io)).toBe(0)
  return io.stdout.text
}

describe('posthog-project completion', () => {
  it(
    "bash: completing in bash itself gives the groups and commands, a group's methods, a command's flags, the " +
      'shells',
    async () => {
      const bash = await script('bash')
      // Each line: the words typed so far (the last one being completed); the answer: what bash offers, one line.
      const cases = [
        ['posthog-project', ''],
        ['posthog-project', 'su'],
        ['posthog-project', 'hog-functions', 'soft'],
        ['posthog-project', 'surveys', 'list', '--li'],
        ['posthog-project', 'surveys', 'list', '--limit', '5', '--for'],
        ['posthog-project', 'plan', '--'],
        ['posthog-project', 'completion', ''],
        ['posthog-project', 'plan', 'posthog/'],
      ]
      const program = [
        bash,
        ...cases.map(
          (words) =>
            `COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; ` +
            `_posthog_project; echo "\${COMPREPLY[*]}"`,
        ),
      ].join('\n')
      const answers = execFileSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8' }).split('\n')
      const top = answers[0]!.split(' ')
      expect(top).toEqual(
        expect.arrayContaining([...GROUPS.map(kebab), 'query', 'pull', 'plan', 'apply', 'copy', 'test', 'completion']),
      )
      expect(answers[1]).toBe('surveys')
      expect(answers[2]).toBe('soft-delete')
      expect(answers[3]).toBe('--limit')
      expect(answers[4]).toBe('--format')
      expect(answers[5]!.split(' ')).toEqual(
        expect.arrayContaining(['--kind', '--key', '--detailed-exitcode', '--out', '--project', '--api-key']),
      )
      expect(answers[5]).not.toContain('--to-project')
      expect(answers[6]).toBe('bash zsh fish')
      // A directory argument: no words, so bash falls back to file names (`complete -o default`).
      expect(answers[7]).toBe('')
    },
  )

  it('every command of the registry and every flag it takes is in the table', async () => {
    const bash = await script('bash')
    for (const group of GROUPS)
      expect(bash).toContain(`"${kebab(group)}") words='${methodsOf(group).map(kebab).join(' ')}' ;;`)
    for (const command of REGISTRY) {
      const flags = await command.flags()
      const line = bash.split('\n').find((text) => text.startsWith(`      "${command.words.join(' ')}") words='--`))
      expect(line, command.words.join(' ')).toBeDefined()
      for (const name of Object.keys({ ...flags.own, ...flags.shared })) expect(line).toContain(`--${name}`)
    }
  })

  it('zsh loads the bash function through bashcompinit; fish has one line per word and flag', async () => {
    const zsh = await script('zsh')
    expect(zsh.startsWith('#compdef posthog-project\nautoload -U +X bashcompinit && bashcompinit\n')).toBe(true)
    expect(zsh).toContain('complete -o default -F _posthog_project posthog-project')
    const fish = await script('fish')
    expect(fish).toContain('function __posthog_project_at')
    expect(fish).toContain(
      `complete -c posthog-project -n "__posthog_project_at " -f -a ` +
        `'${[...GROUPS.map(kebab), 'query', 'pull', 'plan', 'apply', 'copy', 'test', 'completion'].join(' ')}'`,
    )
    expect(fish).toContain('complete -c posthog-project -n "__posthog_project_at surveys list" -l limit')
    expect(fish).toContain('complete -c posthog-project -n "__posthog_project_at completion" -f -a \'bash zsh fish\'')
  })

  it("another shell, or none, is a usage error; the tool's help lists the command", async () => {
    await expect(parseCommandLine(['completion', 'powershell'])).rejects.toThrow(UsageError)
    await expect(parseCommandLine(['completion'])).rejects.toThrow(/expected one of bash, zsh, fish, got nothing/)
    expect(toolHelp(API_COMMANDS, CONFIG_COMMANDS, TOOL_COMMANDS)).toContain(
      'posthog-project completion bash|zsh|fish: Print a shell completion script',
    )
  })
})
