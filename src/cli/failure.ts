import { loadedSdk } from './client.js'
import { commandHint } from './commands.js'
import { EXIT, UsageError } from './errors.js'

/**
 * The exit code and the one stderr line of a failure. `hint`: the operation's, which the SDK wrote into the
 * message; here it names the command instead of the SDK method.
 */
export function describeFailure(error: unknown, hint?: string): { code: number; line: string } {
  const line = (text: string) => text.replace(/\s*\n\s*/g, ' ')
  const sdk = loadedSdk()
  if (error instanceof UsageError) return { code: EXIT.usage, line: error.message }
  if (!(error instanceof Error)) return { code: EXIT.api, line: line(String(error)) }
  if (sdk && error instanceof sdk.InvalidArgumentError) return { code: EXIT.usage, line: line(error.message) }
  if (sdk && error instanceof sdk.ApiError) {
    // The SDK's message names the attr since 0.4; said once.
    const attr = error.attr && !error.message.includes(`(attr: ${error.attr})`) ? ` (attr: ${error.attr})` : ''
    const message = hint ? error.message.replace(hint, commandHint(hint)) : error.message
    return { code: EXIT.api, line: line(`${error.name}: ${message}${attr}`) }
  }
  if (sdk && (error instanceof sdk.ConnectionError || error instanceof sdk.TimeoutError))
    return { code: EXIT.connection, line: line(`${error.name}: ${error.message}`) }
  if (sdk && error instanceof sdk.AbortError) return { code: EXIT.interrupted, line: 'interrupted' }
  return { code: EXIT.api, line: line(`${error.name}: ${error.message}`) }
}
