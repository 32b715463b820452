/** "mf_patients" or "patients" -> "Patients": how the fallback names an area when told no label. */
export function areaLabelOf(name: string): string {
  const words = name
    .replace(/^mf[-_]/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
