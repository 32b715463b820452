import type { Migration } from './Migration.js';
import { m001InitialSchema } from './m001InitialSchema.js';
import { m002AuthHardening } from './m002AuthHardening.js';
import { m003SearchIndexes } from './m003SearchIndexes.js';

export const migrations: readonly Migration[] = [m001InitialSchema, m002AuthHardening, m003SearchIndexes];
