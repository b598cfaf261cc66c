/**
 * `gatehousejs <command>`: the commands, the general help, and the exit codes. Each command is its own file.
 */
import { doctorCommand } from "./doctor.js"
import type { ExitCode, Io } from "./io.js"
import { migrateCommand } from "./migrate.js"
import { secretCommand } from "./secret-command.js"

export type { ExitCode, Io } from "./io.js"

const HELP = `Usage: npx gatehousejs <command> [options]

Commands:
  secret      make a new AUTH_SECRET (33 random bytes, base64)
  migrate     create the database adapter's tables (--dry-run prints the SQL)
  doctor      check the app's auth configuration and list the callback URL of each provider

Options:
  -h, --help     show this help (or a command's: npx gatehousejs secret --help)
  -v, --version  show the version
`

const commands: Record<string, (argv: readonly string[], io: Io) => ExitCode | Promise<ExitCode>> = {
  secret: secretCommand,
  migrate: migrateCommand,
  doctor: doctorCommand,
}

export async function main(argv: readonly string[], io: Io): Promise<ExitCode> {
  const [command, ...rest] = argv
  if (command === undefined) {
    io.err(HELP)
    return 2
  }
  if (command === "-h" || command === "--help" || command === "help") {
    io.out(HELP)
    return 0
  }
  if (command === "-v" || command === "--version") {
    io.out(`${io.version}\n`)
    return 0
  }
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined
  if (run) return run(rest, io)
  io.err(`gatehousejs: unknown command "${command}".\n\n${HELP}`)
  return 2
}
