/**
 * PostHog Cloud's hosts (docs/service-behaviour.md §1.1): where the published rate limits apply (§1.7) and
 * where US and EU keys do not cross. Any other host is a self-hosted instance (or a local server).
 */

/** The region of a URL on PostHog Cloud (`https://us.posthog.com/…`, `https://eu.posthog.com/…`), else `undefined`. */
export function cloudRegion(url: string): 'us' | 'eu' | undefined {
  return /^https:\/\/(us|eu)\.posthog\.com(?:[/?#]|$)/.exec(url)?.[1] as 'us' | 'eu' | undefined
}
