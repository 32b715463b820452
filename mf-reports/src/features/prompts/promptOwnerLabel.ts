import type { Lookup } from '@ewrt/contract';

/** Who added a prompt; a prompt whose owner's account was deleted has none. */
export function promptOwnerLabel(prompt: Pick<Lookup, 'owner_name'>): string {
  return prompt.owner_name ?? 'No owner';
}
