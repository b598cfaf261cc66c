/**
 * `gatehousejs secret`: its options and messages. Making the secret and writing the file are in `secret.ts`.
 */
import { parseArgs } from "node:util"
import type { ExitCode, Io } from "./io.js"
import { defaultEnvFile, generateSecret, SecretExistsError, writeSecret, type WriteOutcome } from "./secret.js"

export const SECRET_HELP = `Usage: npx gatehousejs secret [options]

Prints a new AUTH_SECRET line to copy into your environment (.env.local, .env, or your host's settings).

Options:
  --raw          print only the value, e.g. AUTH_SECRET=$(npx gatehousejs secret --raw)
  --write        add it to .env.local (or .env if only that exists); a new file is created with mode 0600
  --file <path>  add it to this file instead (implies --write)
  --force        replace an AUTH_SECRET the file already has (signs every user out)
  -h, --help     show this help
`

export function secretCommand(argv: readonly string[], io: Io): ExitCode {
  let values: { raw?: boolean; write?: boolean; file?: string; force?: boolean; help?: boolean }
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: {
        raw: { type: "boolean" },
        write: { type: "boolean" },
        file: { type: "string" },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    io.err(`gatehousejs secret: ${(error as Error).message}\n\n${SECRET_HELP}`)
    return 2
  }
  if (values.help) {
    io.out(SECRET_HELP)
    return 0
  }
  const write = Boolean(values.write || values.file !== undefined)
  if (values.file === "") {
    io.err("gatehousejs secret: --file needs a path.\n")
    return 2
  }
  if (values.force && !write) {
    io.err("gatehousejs secret: --force only applies with --write or --file.\n")
    return 2
  }
  if (values.raw && write) {
    io.err("gatehousejs secret: --raw prints the value; it cannot be combined with --write or --file.\n")
    return 2
  }

  const value = generateSecret()
  if (values.raw) {
    io.out(`${value}\n`)
    return 0
  }
  if (!write) {
    io.out(`AUTH_SECRET="${value}"\n`)
    return 0
  }

  const file = values.file ?? defaultEnvFile()
  let outcome: WriteOutcome
  try {
    outcome = writeSecret(file, value, { replace: values.force === true })
  } catch (error) {
    if (error instanceof SecretExistsError) {
      io.err(
        `gatehousejs secret: ${file} already sets AUTH_SECRET; nothing was changed.\n` +
          "Replacing it signs every user out. To do that, run again with --force. To rotate without signing anyone\n" +
          "out, keep the old value as AUTH_SECRET_1 and the new one as AUTH_SECRET_2 (the highest number signs).\n",
      )
      return 1
    }
    const { code, message } = error as NodeJS.ErrnoException
    io.err(`gatehousejs secret: could not write ${file}: ${code ?? message}.\n`)
    return 1
  }
  const verb = { created: "Created", appended: "Added AUTH_SECRET to", replaced: "Replaced AUTH_SECRET in" }[outcome.kind]
  io.out(`${verb} ${file}${outcome.kind === "created" ? " (mode 0600) with AUTH_SECRET" : ""}.\n`)
  if (outcome.kind !== "created" && outcome.readableByOthers) {
    io.err(`Note: other users of this machine can read ${file}; chmod 600 ${file} keeps the secret yours.\n`)
  }
  return 0
}
