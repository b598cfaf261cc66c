// Express 4, installed under the npm alias `express4` for these tests. Its API as used here is typed as Express 5's.
declare module "express4" {
  import express from "express"
  export default express
}
