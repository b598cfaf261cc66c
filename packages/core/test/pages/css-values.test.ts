import { describe, expect, it } from "vitest"
import { contrastingTextColor, safeCssColor, safeImageSrc } from "../../src/pages/css-values.js"

describe("theme values that reach CSS or an <img>", () => {
  const colours = ["#fff", "#FFFFFF", "#346df1", "#346df1cc", "rgb(52, 109, 241)", "rgb(52 109 241 / 50%)"]
  it.each([...colours, "hsl(221 87% 57%)", "rebeccapurple"])("accepts the colour %s", (colour) => {
    expect(safeCssColor(colour)).toBe(colour)
  })

  it.each([
    "red;} body{display:none",
    "red; background: url(https://evil.example/x)",
    "url(https://evil.example/x)",
    "rgb(1,2,3);}",
    "rgb(1,2,3)) ; x",
    "var(--x)",
    "#12345",
    "#ggg",
    "expression(alert(1))",
    "</style><script>alert(1)</script>",
    "red\n}",
    "",
  ])("drops %j", (colour) => {
    expect(safeCssColor(colour)).toBeUndefined()
  })

  it.each(["/logo.svg", "/static/img/logo.png?v=2", "data:image/png;base64,iVBORw0KGgo=", "data:image/svg+xml,%3Csvg"])(
    "shows the logo %s",
    (src) => {
      expect(safeImageSrc(src)).toBe(src)
    },
  )

  it.each([
    "https://cdn.example/logo.svg",
    "http://cdn.example/logo.svg",
    "//cdn.example/logo.svg",
    "/\\cdn.example/logo.svg",
    "/\t/cdn.example/logo.svg",
    "/\n/cdn.example/logo.svg",
    "logo.svg",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " /logo.svg",
    "",
  ])("refuses the logo %j", (src) => {
    expect(safeImageSrc(src)).toBeUndefined()
  })

  it.each([
    ["#24292f", "#fff"],
    ["#ffffff", "#000"],
    ["#fff", "#000"],
    ["#ffeb3b", "#000"],
    ["#2563eb", "#fff"],
    ["#346df1", "#000"], // 4.68:1 with black against 4.49:1 with white: WCAG picks black
    ["rgb(0, 0, 0)", "#fff"],
    ["rgb(250 250 250 / 50%)", "#000"],
    ["rebeccapurple", undefined],
    ["hsl(0 0% 0%)", undefined],
  ] as const)("text on %s is %s", (background, expected) => {
    expect(contrastingTextColor(background)).toBe(expected)
  })
})
