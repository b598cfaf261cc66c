/** Which store a database URL names, and how it is shown (never with its password). */
import { describe, expect, it } from "vitest"
import { classifyDatabase, maskUrl } from "../src/database-url.js"

describe("classifyDatabase", () => {
  it.each([
    ["postgres://u:p@db/app", { kind: "postgres", url: "postgres://u:p@db/app" }],
    ["POSTGRESQL://db/app", { kind: "postgres", url: "POSTGRESQL://db/app" }],
    ["file:./data/app.db", { kind: "sqlite", file: "/srv/app/data/app.db" }],
    ["file:app.sqlite", { kind: "sqlite", file: "/srv/app/app.sqlite" }],
    ["file:///var/lib/app.sqlite3", { kind: "sqlite", file: "/var/lib/app.sqlite3" }],
    ["gatehouse.sqlite", { kind: "sqlite", file: "/srv/app/gatehouse.sqlite" }],
    ["/abs/x.DB", { kind: "sqlite", file: "/abs/x.DB" }],
    ["redis://:p@cache:6379", { kind: "redis" }],
    ["rediss://cache", { kind: "redis" }],
    ["mysql://db/app.db", { kind: "unknown" }],
    ["file:", { kind: "unknown" }],
    ["app", { kind: "unknown" }],
  ])("%s", (value, expected) => {
    expect(classifyDatabase(value, "/srv/app")).toEqual(expected)
  })
})

describe("maskUrl", () => {
  it.each([
    ["postgres://app:hunter2@db:5432/app", "postgres://app:****@db:5432/app"],
    ["postgres://app:p@ss/w#rd@db/app", "postgres://app:****@db/app"],
    ["redis://:hunter2@cache:6379", "redis://:****@cache:6379"],
    ["postgres://app@db/app", "postgres://app@db/app"],
    ["postgres://db/app?sslmode=require&password=hunter2", "postgres://db/app?sslmode=require&password=****"],
    ["host=db password=hunter2 dbname=app", "host=db password=**** dbname=app"],
  ])("%s", (value, shown) => {
    expect(maskUrl(value)).toBe(shown)
  })
})
