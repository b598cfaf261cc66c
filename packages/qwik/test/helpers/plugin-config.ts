/**
 * A configuration in a module of its own, as Qwik's optimizer moves the function given to `QwikAuth$()` into a chunk
 * (`plugin_auth_…`) that `QwikAuthQrl(qrl(() => import("./chunk.js"), "<symbol>"))` loads on first use.
 */
import { testConfig } from "./app.js"
import type { QwikAuthConfig } from "../../src/index.js"

export const plugin_auth_QwikAuth_config_x1 = (): QwikAuthConfig => testConfig()
