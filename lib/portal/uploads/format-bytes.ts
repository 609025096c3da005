/** "1.2 MB" in the user's language; 1024-based, so the service's 10 MiB cap reads as a round "10 MB". */
export function formatBytes(bytes: number, localeTag: string): string {
  const units = ["B", "kB", "MB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(localeTag, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
