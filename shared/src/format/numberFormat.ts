const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes as B, KB, MB or GB (1024 steps, up to two decimals): 1536 -> "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 100) / 100;
  return `${rounded} ${SIZE_UNITS[unit]}`;
}

/** Seconds as m:ss, or h:mm:ss from one hour: 65 -> "1:05", 3661 -> "1:01:01". */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
