// One TypeScript program over every entry point, with the repository's compiler options (its `paths` send
// `@gatehousejs/*` to the sources), and the declaration text (.d.ts) of a source file emitted on demand: the emitter
// already drops bodies and spells out inferred types, so a report shows what a published .d.ts would.
import { join, relative, sep } from "node:path"
import ts from "typescript"

/**
 * @typedef {{ root: string, program: ts.Program, checker: ts.TypeChecker, declarationsOf: (file: ts.SourceFile) =>
 *   ts.SourceFile, repositoryPath: (fileName: string) => string }} ApiProgram
 */

/** @returns {ApiProgram} */
export function createApiProgram(root, files) {
  const configPath = join(root, "tsconfig.json")
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile)
  if (error) throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, "\n")}`)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath)
  const program = ts.createProgram({
    rootNames: files,
    options: {
      ...options,
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      declarationMap: false,
      sourceMap: false,
      removeComments: true,
      newLine: ts.NewLineKind.LineFeed,
    },
  })
  const checker = program.getTypeChecker()
  const emitted = new Map()

  /** The emitted .d.ts of `file`, parsed; without comments (release tags come from the source: declarations.mjs). */
  function declarationsOf(file) {
    let parsed = emitted.get(file.fileName)
    if (parsed === undefined) {
      let text = ""
      const result = program.emit(file, (_name, content) => (text = content), undefined, true)
      if (result.emitSkipped || text === "") {
        throw new Error(`${repositoryPath(file.fileName)}: TypeScript emitted no declarations for it (run npm run typecheck).`)
      }
      parsed = ts.createSourceFile(file.fileName.replace(/\.tsx?$/, ".d.ts"), text, ts.ScriptTarget.Latest, true)
      emitted.set(file.fileName, parsed)
    }
    return parsed
  }

  /** `packages/core/src/jwt.ts`: relative to the repository and with `/`, the same on every machine. */
  function repositoryPath(fileName) {
    return relative(root, fileName).split(sep).join("/")
  }

  return { root, program, checker, declarationsOf, repositoryPath }
}
