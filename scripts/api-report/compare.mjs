// The committed reports against freshly generated ones: which report files, entry points and exported names were
// added, removed or changed, each change with a line diff, and the command that records the change.
import { compare } from "./entries.mjs"
import { parseReport } from "./markdown.mjs"

export const UPDATE_COMMAND = "npm run api"
const MAX_DIFF_LINES = 40

/**
 * `undefined` when the reports agree, else a message for a person: every difference, then what to do.
 * @param {Map<string, string>} committed file name (`core.api.md`) -> Markdown, as found in api/
 * @param {Map<string, string>} generated file name -> Markdown, from the sources
 * @returns {string | undefined}
 */
export function compareReports(committed, generated) {
  const lines = []
  let count = 0
  for (const fileName of [...new Set([...committed.keys(), ...generated.keys()])].sort(compare)) {
    const before = committed.get(fileName)
    const after = generated.get(fileName)
    if (before === after) continue
    if (before === undefined || after === undefined) {
      count++
      lines.push(before === undefined ? `  added    api/${fileName} (a new package)` : `  removed  api/${fileName} (the package is gone or private now)`)
      continue
    }
    const changes = itemChanges(parseReport(before), parseReport(after))
    count += Math.max(changes.length, 1)
    lines.push(`  api/${fileName}`)
    if (changes.length === 0) lines.push("    changed  outside the exports (title or introduction):", ...lineDiff(before, after, "      "))
    for (const change of changes) lines.push(...change)
  }
  if (count === 0) return undefined
  return [
    `The public API differs from the reports in api/ (${count} ${count === 1 ? "difference" : "differences"}):`,
    "",
    ...lines,
    "",
    `If the change is intended, record it with \`${UPDATE_COMMAND}\` and commit api/ with it. An added export needs a minor`,
    "release; a removed one, or a change that existing code may not compile against, a major: see docs/stability.md.",
  ].join("\n")
}

function itemChanges(before, after) {
  const changes = []
  for (const section of union(before.notes, after.notes)) {
    const [was, is] = [before.notes.get(section), after.notes.get(section)]
    if (was === undefined) changes.push([`    added    entry point ${section}`])
    else if (is === undefined) changes.push([`    removed  entry point ${section}`])
    else if (was !== is) changes.push([`    changed  entry point ${section}:`, ...lineDiff(was.trimEnd(), is.trimEnd(), "      ")])
  }
  for (const key of union(before.items, after.items)) {
    const [was, is] = [before.items.get(key), after.items.get(key)]
    if (was === undefined) changes.push([`    added    ${key} (${is.kind})`])
    else if (is === undefined) changes.push([`    removed  ${key} (${was.kind})`])
    else if (was.kind !== is.kind || was.text !== is.text) {
      const kind = was.kind === is.kind ? was.kind : `${was.kind} -> ${is.kind}`
      changes.push([`    changed  ${key} (${kind})`, ...(was.text === is.text ? [] : lineDiff(was.text ?? "", is.text ?? "", "      "))])
    }
  }
  return changes
}

function union(a, b) {
  return [...new Set([...a.keys(), ...b.keys()])].sort(compare)
}

/** The lines that differ, `- ` removed and `+ ` added, in order (longest common subsequence), at most MAX_DIFF_LINES. */
export function lineDiff(beforeText, afterText, indent) {
  const a = beforeText.split("\n")
  const b = afterText.split("\n")
  const common = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1])
    }
  }
  const out = []
  let [i, j] = [0, 0]
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++
      j++
    } else if (i < a.length && (j === b.length || common[i + 1][j] >= common[i][j + 1])) {
      out.push(`${indent}- ${a[i++]}`)
    } else {
      out.push(`${indent}+ ${b[j++]}`)
    }
  }
  if (out.length <= MAX_DIFF_LINES) return out
  return [...out.slice(0, MAX_DIFF_LINES), `${indent}… and ${out.length - MAX_DIFF_LINES} more changed lines`]
}
