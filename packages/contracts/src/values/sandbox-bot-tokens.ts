// Apart from the schemas of sandbox.ts, so that the web app can pass the sandbox's bot check
// without loading any schema.

/** Bot token the sandbox bot-protection provider always refuses. */
export const SANDBOX_FAILING_BOT_TOKEN = 'sandbox-bot-fail';
/** Bot token the web app sends when the sandbox provider is on. */
export const SANDBOX_PASSING_BOT_TOKEN = 'sandbox-bot-pass';
