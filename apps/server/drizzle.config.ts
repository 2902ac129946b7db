import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each module's own (`modules/<area>/<area>.schema.ts`, decision 031).
  schema: ['./src/db/schema/index.ts', './src/modules/*/*.schema.ts'],
  out: './drizzle',
});
