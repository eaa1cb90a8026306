// The SDK's browser bundle (/sdk.js of the test page): the package by name, everything it exports.
export * from 'posthog-project-client'
