/** An error that stops the start with a message meant for the operator (no stack trace). */
export class StartupError extends Error {}
