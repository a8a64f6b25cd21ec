// Here, in the room every other imports, and not in boot/: db/migrate.ts and legacy/migrate.ts throw their own
// kinds of it, and boot/startup.ts calls them, so living in boot/ would make an import cycle.

/** An error that stops the start with a message meant for the operator (no stack trace). */
export class StartupError extends Error {}
