const HONORIFICS = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'professor', 'sir', 'dame']);

/** Up to two upper-case initials of a person's name, titles skipped: "Dr Asha Patel" -> "AP". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const named = words.filter((word) => !HONORIFICS.has(word.replace(/\./g, '').toLowerCase()));
  const parts = named.length > 0 ? named : words;
  if (parts.length === 0) return '';
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1] ?? '') : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
