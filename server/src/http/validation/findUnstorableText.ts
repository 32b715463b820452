import { isStorableText } from '@ewrt/contract';

export const unstorableTextMessage = (label: string) =>
  `${label} must not contain NUL characters or unpaired surrogates`;

const joinPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The path (`FirstName`, `items[2].note`) of the first text in a request value, key or string, that cannot be
 * stored (see `isStorableText`); null when there is none. Walks with its own stack, so no nesting depth a
 * body limit allows can overflow the call stack.
 */
export function findUnstorableText(root: unknown, rootLabel: string): string | null {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path || rootLabel;
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: value[index], path: `${path}[${index}]` });
      }
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value);
      const badKey = keys.find((key) => !isStorableText(key));
      // Written escaped, so that the answer naming it carries no such character itself.
      if (badKey !== undefined) return joinPath(path, JSON.stringify(badKey));
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        pending.push({ value: value[key], path: joinPath(path, key) });
      }
    }
  }
  return null;
}
