// The scenario as a Cloudflare module worker: each request runs it against the fake named by the request's
// `config` query parameter (a ScenarioConfig as JSON) and answers the runtime's name and the result.
import { runScenario, type ScenarioConfig } from './scenario.js'

export default {
  async fetch(request: Request): Promise<Response> {
    const config = JSON.parse(new URL(request.url).searchParams.get('config') ?? '{}') as ScenarioConfig
    try {
      return Response.json({ version: navigator.userAgent, result: await runScenario(config, false) })
    } catch (error) {
      return Response.json(
        { failed: String(error), stack: error instanceof Error ? error.stack : undefined },
        { status: 500 },
      )
    }
  },
}
