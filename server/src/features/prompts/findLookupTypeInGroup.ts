import type { LookupType } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { createPromptRepository } from './promptRepository.js';

/** A report type of the group, or null (another group's type is not found). */
export function findLookupTypeInGroup(
  db: Queryable,
  groupId: number,
  typeId: number,
): Promise<LookupType | null> {
  return createPromptRepository(db).findTypeInGroup(groupId, typeId);
}
