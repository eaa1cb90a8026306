/** PostHog's Hog VM (`@posthog/hogvm`), loaded on first use, with the regex and crypto it asks its host for. */

interface VmState {
  stack: unknown[]
  ops?: number
  syncDuration?: number
  maxMemUsed?: number
}

export interface VmStep {
  result?: unknown
  finished: boolean
  error?: unknown
  asyncFunctionName?: string
  asyncFunctionArgs?: unknown[]
  state?: VmState
}

export interface HogVm {
  exec(input: unknown, options: Record<string, unknown>): VmStep
  printHogStringOutput(value: unknown): string
  /** A VM value (dicts are Maps) as plain JavaScript. */
  convertHogToJS(value: unknown): unknown
  /** What the VM needs from its host: regular expressions and, on Node, `crypto`. */
  external(): Promise<Record<string, unknown>>
}

type VmModule = Omit<HogVm, 'external'>

let vm: Promise<HogVm> | undefined

export function loadVm(): Promise<HogVm> {
  vm ??= import('@posthog/hogvm').then((loaded) => {
    // Node loads the package's CommonJS build, whose exports arrive as `default`.
    const module = ('exec' in loaded ? loaded : (loaded as { default: unknown }).default) as VmModule
    return {
      exec: (input, options) => module.exec(input, options),
      printHogStringOutput: (value) => module.printHogStringOutput(value),
      convertHogToJS: (value) => module.convertHogToJS(value),
      external: hostExternal,
    }
  })
  return vm
}

let external: Promise<Record<string, unknown>> | undefined

function hostExternal(): Promise<Record<string, unknown>> {
  external ??= loadCrypto().then((crypto) => ({
    regex: { match: regexMatch, extract: regexExtract },
    ...(crypto ? { crypto } : {}),
  }))
  return external
}

async function loadCrypto(): Promise<unknown> {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node
  if (!node) return undefined
  try {
    return await import('node:crypto')
  } catch {
    return undefined
  }
}

/**
 * The service matches with RE2, where a pattern may start with inline flags (`(?i)`, `(?ism)`); JavaScript
 * takes them as flags. Patterns RE2 refuses (backreferences, lookaround) run here all the same.
 */
export function toRegExp(pattern: string): RegExp {
  const inline = /^\(\?([ims]+)\)/.exec(pattern)
  return inline ? new RegExp(pattern.slice(inline[0].length), inline[1]) : new RegExp(pattern)
}

function regexMatch(pattern: string, value: string): boolean {
  return toRegExp(pattern).test(value)
}

function regexExtract(pattern: string, value: string): string {
  const match = toRegExp(pattern).exec(value)
  if (!match) return ''
  return match[1] ?? match[0]
}
