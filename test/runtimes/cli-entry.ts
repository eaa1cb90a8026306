// The scenario as a command: `<runtime> scenario.mjs '<ScenarioConfig as JSON>'`, for Node, Bun and Deno.
// Prints one JSON line: the runtime's name and version, and the scenario's result.
import { runScenario, type ScenarioConfig } from './scenario.js'

/** The globals that tell the runtimes apart (Bun and Deno also define `process`). */
const runtime = globalThis as {
  Bun?: { version: string }
  Deno?: { version: { deno: string }; args: string[] }
  process?: { version: string; argv: string[] }
}

function version(): string {
  if (runtime.Bun) return `Bun ${runtime.Bun.version}`
  if (runtime.Deno) return `Deno ${runtime.Deno.version.deno}`
  return `Node ${runtime.process?.version ?? '?'}`
}

const args = runtime.Deno ? runtime.Deno.args : (runtime.process?.argv.slice(2) ?? [])
const config = JSON.parse(args[0] ?? '{}') as ScenarioConfig
const result = await runScenario(config, false)
console.log(JSON.stringify({ version: version(), result }))
