const MARKER = /\[(?:sources?\s*)?(\d+(?:\s*[-–]\s*\d+)?(?:\s*[,;]\s*\d+(?:\s*[-–]\s*\d+)?)*)\]/gi;
/** A range such as [2-40] is read only when short; anything longer is not a citation a model would write. */
const LONGEST_RANGE = 20;

/**
 * The source numbers a piece of an answer cites, in order of first use: `[1]`, `[1][3]`, `[1, 3]`, `[2-4]` and
 * `[Source 2]` are read; numbers that are not among the sources (`sourceCount`) are ignored.
 */
export function parseCitations(text: string, sourceCount: number): number[] {
  const cited: number[] = [];
  const add = (value: number) => {
    if (value >= 1 && value <= sourceCount && !cited.includes(value)) cited.push(value);
  };
  for (const match of text.matchAll(MARKER)) {
    for (const part of match[1]!.split(/[,;]/)) {
      const [first, last] = part.split(/[-–]/).map((value) => Number(value.trim()));
      if (last === undefined) add(first!);
      else if (last >= first! && last - first! <= LONGEST_RANGE) {
        for (let value = first!; value <= last; value += 1) add(value);
      }
    }
  }
  return cited;
}
