import type { Command } from './command.js'
import { EXIT, UsageError } from './errors.js'
import { put } from './output.js'

/**
 * `posthog-project completion bash|zsh|fish`: a shell completion script written from the registry — the first
 * word (a group or a command), a group's methods, and each command's flags — so that it lists exactly what the
 * command line takes. A command's words and flags become one table the script looks its words up in.
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

const TOOL = 'posthog-project'

/** What can follow each path of words: `''` (the first word), a group, and each command (its flags). */
interface Table {
  /** The words that may come next after a path (`''`: after the tool's name). */
  next: Map<string, Set<string>>
  /** Each command's flags, by its words. */
  flags: Map<string, string[]>
}

/** The table of `commands`: their words and, read from each, their flags (a method's load its request shapes). */
export async function completionTable(commands: readonly Command[]): Promise<Table> {
  const next = new Map<string, Set<string>>()
  const flags = new Map<string, string[]>()
  for (const command of commands) {
    command.words.forEach((word, index) => {
      const path = command.words.slice(0, index).join(' ')
      next.set(path, (next.get(path) ?? new Set()).add(word))
    })
    const set = await command.flags()
    const names = Object.keys({ ...set.shared, ...set.own }).map((name) => `--${name}`)
    flags.set(command.words.join(' '), [...new Set(names)].sort())
  }
  next.set('completion', new Set(SHELLS))
  return { next, flags }
}

/** The completion script of `shell` for the table. */
export function completionScript(shell: Shell, table: Table): string {
  if (shell === 'fish') return fishScript(table)
  const bash = bashScript(table)
  // zsh runs the bash function through its own bashcompinit.
  return shell === 'zsh' ? `#compdef ${TOOL}\nautoload -U +X bashcompinit && bashcompinit\n${bash}` : bash
}

/** A word list as one single-quoted shell word. */
const quoted = (words: Iterable<string>) => `'${[...words].join(' ')}'`

function bashScript({ next, flags }: Table): string {
  const cases = (entries: Iterable<[string, Iterable<string>]>) =>
    [...entries].map(([path, words]) => `      ${JSON.stringify(path)}) words=${quoted(words)} ;;`).join('\n')
  return `# ${TOOL} completion for bash: source it, e.g. eval "$(${TOOL} completion bash)" in ~/.bashrc
_posthog_project() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word words="" i
  # The command's words: those before the word being completed, up to the first flag.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ $word == -* ]] && break
    path="\${path:+$path }$word"
  done
  if [[ $cur == -* ]]; then
    case "$path" in
${cases(flags)}
    esac
  else
    case "$path" in
${cases(next)}
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _posthog_project ${TOOL}
`
}

function fishScript({ next, flags }: Table): string {
  const lines = [
    `# ${TOOL} completion for fish: ${TOOL} completion fish > ~/.config/fish/completions/${TOOL}.fish`,
    '# True when the words before the cursor, up to the first flag, are $argv.',
    'function __posthog_project_at',
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    '    set -l path',
    '    for word in $words',
    "        string match -q -- '-*' $word; and break",
    '        set -a path $word',
    '    end',
    '    test "$path" = "$argv"',
    'end',
  ]
  const at = (path: string) => `complete -c ${TOOL} -n "__posthog_project_at ${path}"`
  for (const [path, words] of next) lines.push(`${at(path)} -f -a ${quoted(words)}`)
  for (const [path, names] of flags) {
    for (const name of names) lines.push(`${at(path)} -l ${name.slice(2)}`)
  }
  return `${lines.join('\n')}\n`
}

/** The `completion` command; `commands` gives the registry it completes (itself included). */
export function completionCommand(commands: () => readonly Command[]): Command<Shell> {
  return {
    words: ['completion'],
    summary: 'Print a shell completion script (bash, zsh or fish) of every group, method, command and flag.',
    synopsis: 'completion bash|zsh|fish',
    flags: () => ({ own: {}, shared: { help: { type: 'boolean', short: 'h' } } }),
    help: () =>
      [
        `Usage: ${TOOL} completion bash|zsh|fish`,
        '  Print a shell completion script of every group, method, command and flag. Install it:',
        `    bash: eval "$(${TOOL} completion bash)"   (in ~/.bashrc)`,
        `    zsh:  eval "$(${TOOL} completion zsh)"    (in ~/.zshrc, after compinit)`,
        `    fish: ${TOOL} completion fish > ~/.config/fish/completions/${TOOL}.fish`,
        '',
      ].join('\n'),
    read: (_values, args) => {
      const [shell, ...rest] = args
      if (!SHELLS.includes(shell as Shell)) {
        const got = shell === undefined ? 'nothing' : JSON.stringify(shell)
        throw new UsageError('shell', `expected one of ${SHELLS.join(', ')}, got ${got}`)
      }
      if (rest.length > 0) {
        throw new UsageError(
          'arguments',
          `unexpected ${rest.map((arg) => JSON.stringify(arg)).join(' ')} after the shell`,
        )
      }
      return shell as Shell
    },
    run: async (shell, io) => {
      await put(io.stdout, completionScript(shell, await completionTable(commands())))
      return EXIT.ok
    },
  }
}
