import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file of the schema folder, so a new feature's file is found without an export.
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
