// Ground: this screen is built by its own work.
export function ResearchAssistantPage() {
  return null;
}
