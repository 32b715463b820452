import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './Database.js';
import { createPgliteDatabase } from './createPgliteDatabase.js';
import { createPostgresDatabase } from './createPostgresDatabase.js';

/** A real PostgreSQL when a URL is given, otherwise the embedded one in `<dataDir>/db`. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<Database> {
  if (options.databaseUrl) return createPostgresDatabase(options.databaseUrl);
  const directory = path.join(options.dataDir, 'db');
  await mkdir(directory, { recursive: true });
  return createPgliteDatabase(directory);
}
