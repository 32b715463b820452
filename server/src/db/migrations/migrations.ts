import type { Migration } from './Migration.js';
import { m001InitialSchema } from './m001InitialSchema.js';

export const migrations: readonly Migration[] = [m001InitialSchema];
