import type { Lookup, LookupType } from '@ewrt/contract';

export interface PromptTypeCount {
  ID_LookupType: number;
  LookupTypeText: string;
  promptCount: number;
}

/** Each type of the group with how many of the group's prompts are of it (All Prompt Types). */
export function promptTypeCounts(
  types: readonly LookupType[],
  prompts: readonly Lookup[],
): PromptTypeCount[] {
  const counts = new Map<number, number>();
  for (const prompt of prompts) counts.set(prompt.LookupType, (counts.get(prompt.LookupType) ?? 0) + 1);
  return types.map((type) => ({
    ID_LookupType: type.ID_LookupType,
    LookupTypeText: type.LookupTypeText,
    promptCount: counts.get(type.ID_LookupType) ?? 0,
  }));
}
