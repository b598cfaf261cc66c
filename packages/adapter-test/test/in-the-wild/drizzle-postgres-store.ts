/**
 * `@auth/drizzle-adapter` on PostgreSQL through `drizzle-orm/node-postgres`, with the tables of the adapter's
 * documented PostgreSQL schema (the ones it defines itself when given none).
 */
import { DrizzleAdapter } from "@auth/drizzle-adapter"
import type { Adapter } from "@gatehousejs/core"
import { drizzle } from "drizzle-orm/node-postgres"
import { postgresSchema } from "./postgres.js"
import { sqlReader } from "./readers.js"
import type { WildStore } from "./store.js"

// What `drizzle-kit generate` (0.31) writes for the documented schema, with the foreign keys' `"public".` qualifier
// dropped so they point into this run's schema. One deliberate difference from the docs page: there the composite
// primary keys are written as `(t) => [{ compoundKey: primaryKey(…) }]`, an array of objects, which drizzle-kit
// silently ignores (no primary key on account, verificationToken or authenticator; DB-03 then fails). They are
// written here as the adapter's own default tables write them, `(t) => ({ compoundKey: primaryKey(…) })`.
const DDL = `
CREATE TABLE "account" (
  "userId" text NOT NULL,
  "type" text NOT NULL,
  "provider" text NOT NULL,
  "providerAccountId" text NOT NULL,
  "refresh_token" text,
  "access_token" text,
  "expires_at" integer,
  "token_type" text,
  "scope" text,
  "id_token" text,
  "session_state" text,
  CONSTRAINT "account_provider_providerAccountId_pk" PRIMARY KEY("provider","providerAccountId")
);
CREATE TABLE "authenticator" (
  "credentialID" text NOT NULL,
  "userId" text NOT NULL,
  "providerAccountId" text NOT NULL,
  "credentialPublicKey" text NOT NULL,
  "counter" integer NOT NULL,
  "credentialDeviceType" text NOT NULL,
  "credentialBackedUp" boolean NOT NULL,
  "transports" text,
  CONSTRAINT "authenticator_userId_credentialID_pk" PRIMARY KEY("userId","credentialID"),
  CONSTRAINT "authenticator_credentialID_unique" UNIQUE("credentialID")
);
CREATE TABLE "session" (
  "sessionToken" text PRIMARY KEY NOT NULL,
  "userId" text NOT NULL,
  "expires" timestamp NOT NULL
);
CREATE TABLE "user" (
  "id" text PRIMARY KEY NOT NULL,
  "name" text,
  "email" text,
  "emailVerified" timestamp,
  "image" text,
  CONSTRAINT "user_email_unique" UNIQUE("email")
);
CREATE TABLE "verificationToken" (
  "identifier" text NOT NULL,
  "token" text NOT NULL,
  "expires" timestamp NOT NULL,
  CONSTRAINT "verificationToken_identifier_token_pk" PRIMARY KEY("identifier","token")
);
ALTER TABLE "account" ADD CONSTRAINT "account_userId_user_id_fk" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "authenticator" ADD CONSTRAINT "authenticator_userId_user_id_fk" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "session" ADD CONSTRAINT "session_userId_user_id_fk" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;
`

export function drizzlePostgresStore(): WildStore {
  const schema = postgresSchema("drizzle")
  // The package is typed against @auth/core's Adapter, which is ours unchanged (packages/core/src/adapters.ts).
  const adapter = DrizzleAdapter(drizzle(schema.pool)) as unknown as Adapter
  return {
    name: "@auth/drizzle-adapter on PostgreSQL",
    adapter: () => adapter,
    db: sqlReader({ dialect: "postgres", row: schema.row }, {
      user: "user",
      account: "account",
      session: "session",
      verificationToken: "verificationToken",
      authenticator: "authenticator",
    }),
    setup: () => schema.create(DDL),
    teardown: () => schema.drop(),
  }
}
