#!/usr/bin/env node
import { readFileSync } from "node:fs"
import { main } from "./main.js"

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }

const code = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  version,
  color: process.stdout.isTTY === true && !process.env.NO_COLOR,
})
process.exitCode = code
// The command is done. What the app's own modules left open (a database pool created by the auth config that
// `doctor` loaded) must not keep it waiting: once the output is flushed, the process ends.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)))
