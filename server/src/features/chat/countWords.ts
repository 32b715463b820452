/**
 * The words of a text, counted by whitespace (ARCH-09): the chatbot screen counts the same way, so its local
 * counter and the server's check never disagree about the 20,000-word limit.
 */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
