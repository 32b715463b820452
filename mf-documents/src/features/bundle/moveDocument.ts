/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveDocument<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item as T);
  return moved;
}
