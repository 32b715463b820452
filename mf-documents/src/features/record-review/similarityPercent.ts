/** A similarity (0–1) as the screen says it: "78%". */
export const similarityPercent = (similarity: number) => `${Math.round(similarity * 100)}%`;
