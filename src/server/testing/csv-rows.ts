/**
 * Splits a CSV the shop writes (CRLF line ends, RFC 4180 quotes, no quoted line breaks in test
 * rows) into its rows' cells, the quotes taken off.
 */
export function csvRows(text: string): string[][] {
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, "").replaceAll('""', '"')));
}
