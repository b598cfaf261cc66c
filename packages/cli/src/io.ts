/**
 * What every command writes to and returns: output goes through `Io` so that the bin stays a few lines and the
 * commands never touch `process.stdout` themselves.
 */
export interface Io {
  out: (text: string) => void
  err: (text: string) => void
  version: string
  /** Colours on stdout: only on a terminal, and never with `NO_COLOR` set. */
  color: boolean
}

/** 0: done; 1: refused or failed; 2: the command line was wrong. */
export type ExitCode = 0 | 1 | 2
