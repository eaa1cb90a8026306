/**
 * A request option that `RequestOptions` does not type: the body was checked in full against the call's request
 * shape already (a configuration file's spec by `readConfig`, a saved plan's body by `readPlan`), so the check
 * before sending is not run again. A registered symbol: the configuration entry, bundled apart, names the same.
 */
export const BODY_CHECKED: unique symbol = Symbol.for('posthog-project-client.bodyChecked')
