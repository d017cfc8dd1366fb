import type { ReactNode } from "react";

/**
 * A figure a reader takes in at one glance — a phone number with its example mark, an amount with its
 * 円, a date, a slip or order number: digits joined by hyphens, commas, dots, slashes or colons, with
 * an opening 「(例: 」 and a closing parenthesis when they hug it. Japanese line breaking may otherwise
 * split 「(例: 03-」 from 「1234-5678)」 (issue 28).
 */
const FIGURE = /[(（]?(?:例[:：]\s?)?[0-9０-９][0-9０-９,.:/\-‐]*[0-9０-９](?:\s?(?:円|JPY))?[)）]?|[0-9０-９](?:\s?円)?/gu;

/** The text with each figure in a `.no-break` span (global.css), so a line never breaks inside one. */
export function keepFiguresWhole(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(FIGURE)) {
    // A lone digit needs no span: only figures of two characters or more can be split.
    if (match[0].length < 2) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <span key={match.index} className="no-break">
        {match[0]}
      </span>,
    );
    at = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
