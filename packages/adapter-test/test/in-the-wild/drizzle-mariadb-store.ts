/**
 * `@auth/drizzle-adapter` on MariaDB through `drizzle-orm/mysql2`, with the tables of the adapter's documented MySQL
 * schema (the ones it defines itself when given none).
 */
import { DrizzleAdapter } from "@auth/drizzle-adapter"
import type { Adapter } from "@gatehousejs/core"
import { drizzle } from "drizzle-orm/mysql2"
import { mariaDbDatabase } from "./mariadb.js"
import { sqlReader } from "./readers.js"
import type { WildStore } from "./store.js"

// What `drizzle-kit generate` (0.31) writes for the documented MySQL schema, statement by statement.
const DDL = [
  `CREATE TABLE \`account\` (
    \`userId\` varchar(255) NOT NULL,
    \`type\` varchar(255) NOT NULL,
    \`provider\` varchar(255) NOT NULL,
    \`providerAccountId\` varchar(255) NOT NULL,
    \`refresh_token\` varchar(255),
    \`access_token\` varchar(255),
    \`expires_at\` int,
    \`token_type\` varchar(255),
    \`scope\` varchar(255),
    \`id_token\` varchar(2048),
    \`session_state\` varchar(255),
    CONSTRAINT \`account_provider_providerAccountId_pk\` PRIMARY KEY(\`provider\`,\`providerAccountId\`)
  )`,
  `CREATE TABLE \`authenticator\` (
    \`credentialID\` varchar(255) NOT NULL,
    \`userId\` varchar(255) NOT NULL,
    \`providerAccountId\` varchar(255) NOT NULL,
    \`credentialPublicKey\` varchar(255) NOT NULL,
    \`counter\` int NOT NULL,
    \`credentialDeviceType\` varchar(255) NOT NULL,
    \`credentialBackedUp\` boolean NOT NULL,
    \`transports\` varchar(255),
    CONSTRAINT \`authenticator_userId_credentialID_pk\` PRIMARY KEY(\`userId\`,\`credentialID\`),
    CONSTRAINT \`authenticator_credentialID_unique\` UNIQUE(\`credentialID\`)
  )`,
  `CREATE TABLE \`session\` (
    \`sessionToken\` varchar(255) NOT NULL,
    \`userId\` varchar(255) NOT NULL,
    \`expires\` timestamp NOT NULL,
    CONSTRAINT \`session_sessionToken\` PRIMARY KEY(\`sessionToken\`)
  )`,
  `CREATE TABLE \`user\` (
    \`id\` varchar(255) NOT NULL,
    \`name\` varchar(255),
    \`email\` varchar(255),
    \`emailVerified\` timestamp(3),
    \`image\` varchar(255),
    CONSTRAINT \`user_id\` PRIMARY KEY(\`id\`),
    CONSTRAINT \`user_email_unique\` UNIQUE(\`email\`)
  )`,
  `CREATE TABLE \`verificationToken\` (
    \`identifier\` varchar(255) NOT NULL,
    \`token\` varchar(255) NOT NULL,
    \`expires\` timestamp NOT NULL,
    CONSTRAINT \`verificationToken_identifier_token_pk\` PRIMARY KEY(\`identifier\`,\`token\`)
  )`,
  "ALTER TABLE `account` ADD CONSTRAINT `account_userId_user_id_fk` FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON DELETE cascade ON UPDATE no action",
  "ALTER TABLE `authenticator` ADD CONSTRAINT `authenticator_userId_user_id_fk` FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON DELETE cascade ON UPDATE no action",
  "ALTER TABLE `session` ADD CONSTRAINT `session_userId_user_id_fk` FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON DELETE cascade ON UPDATE no action",
]

export function drizzleMariaDbStore(): WildStore {
  const database = mariaDbDatabase("drizzle")
  // The package is typed against @auth/core's Adapter, which is ours unchanged (packages/core/src/adapters.ts).
  const adapter = DrizzleAdapter(drizzle(database.pool)) as unknown as Adapter
  return {
    name: "@auth/drizzle-adapter on MariaDB",
    adapter: () => adapter,
    db: sqlReader({ dialect: "mysql", row: database.row }, {
      user: "user",
      account: "account",
      session: "session",
      verificationToken: "verificationToken",
      authenticator: "authenticator",
    }),
    setup: () => database.create(DDL),
    teardown: () => database.drop(),
  }
}
