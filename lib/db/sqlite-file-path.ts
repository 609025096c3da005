/** The file of a SQLite URL ("file:data/app.db" → "data/app.db"). */
export function sqliteFilePath(url: string): string {
  return url.replace(/^file:/, "");
}
