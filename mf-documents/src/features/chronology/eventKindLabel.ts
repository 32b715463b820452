import type { ChronologyEventKind } from '@ewrt/contract/limits';

/** A kind as the screen shows it: "Test result" for 'test result'. */
export function eventKindLabel(kind: ChronologyEventKind): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}
