import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed.ts';
import { openFileStore } from '../files/files.ts';

const config = loadConfig();
if (config.NODE_ENV === 'production') {
  console.error('The demo school is never seeded with NODE_ENV=production.');
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const files = await openFileStore(config);
try {
  await database.migrate();
  const created = await seedDemo(database.db, files);
  console.log(`Demo school ready: ${created} new user(s); every demo user's password is demo12345.`);
} finally {
  files.close();
  await database.close();
}
