/**
 * The suite is only worth running if it fails on broken adapters. This runs it (in a child vitest, with the
 * `mutants/` config) on every mutant of `mutants/mutants.ts` and checks that the tests named to catch each bug fail.
 */
import { execFile } from "node:child_process"
import { randomUUID } from "node:crypto"
import { readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"
import { MUTANTS } from "./mutants/mutants.js"

interface JsonReport {
  testResults: { assertionResults: { ancestorTitles: string[]; title: string; status: string }[] }[]
}

const repository = fileURLToPath(new URL("../../../", import.meta.url))
const config = fileURLToPath(new URL("./mutants/vitest.config.ts", import.meta.url))

/** Runs the mutant suites; resolves with "<describe> > <test>" → status. The child's exit code is 1 by design. */
async function runMutantSuites(): Promise<Map<string, string>> {
  const output = join(tmpdir(), `gatehouse-mutants-${randomUUID()}.json`)
  const vitest = join(repository, "node_modules/vitest/vitest.mjs")
  const args = [vitest, "run", "--config", config, "--reporter=json", `--outputFile=${output}`]
  await new Promise<void>((resolve) => {
    execFile(process.execPath, args, { cwd: repository, env: { ...process.env, CI: "1" } }, () => resolve())
  })
  try {
    const report = JSON.parse(await readFile(output, "utf8")) as JsonReport
    const statuses = new Map<string, string>()
    for (const file of report.testResults) {
      for (const test of file.assertionResults) statuses.set(`${test.ancestorTitles.at(-1)} > ${test.title}`, test.status)
    }
    return statuses
  } finally {
    await rm(output, { force: true })
  }
}

describe("the conformance suite catches known adapter bugs", () => {
  let statuses = new Map<string, string>()
  beforeAll(async () => {
    statuses = await runMutantSuites()
  }, 120_000)

  it.each(MUTANTS)("$bug", ({ bug, caughtBy }) => {
    for (const name of caughtBy) {
      expect(statuses.get(`adapter: mutant: ${bug} > ${name}`), `"${name}" on this mutant`).toBe("failed")
    }
  })
})
