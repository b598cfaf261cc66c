// What the generators share: write a generated file, or with --check exit 1 when it is out of date.
import { readFileSync, writeFileSync } from "node:fs"
import { basename } from "node:path"

/**
 * Writes `content` to `target` unless it is already there; with `--check` on the command line, writes nothing and
 * exits 1 when the file differs. `summary` says what the file holds, for the line printed after a write.
 */
export function writeGenerated(target, content, { script, summary }) {
  const name = basename(target)
  let current = ""
  try {
    current = readFileSync(target, "utf8")
  } catch {
    current = ""
  }
  if (process.argv.includes("--check")) {
    if (current !== content) {
      console.error(`${name} is out of date: run \`node packages/core/scripts/${script}\`.`)
      process.exit(1)
    }
  } else if (current !== content) {
    writeFileSync(target, content)
    console.log(`${name}: ${summary}.`)
  } else {
    console.log(`${name} is up to date (${summary}).`)
  }
}
