import { createContext, useContext } from "react";
import type { ReactNode } from "react";
import type { UserResource } from "../../../domain/account.ts";
import { VISITOR_ELEMENT_ID } from "../../../domain/visitor.ts";

/**
 * Who the page was served to, outside the route data. The member travels in a data block of their
 * own (`<script type="application/json" id="kura-visitor">`), not in React Router's hydration data,
 * so that a page kept by the server (server/http/page-cache.ts) is one render for every member: the
 * server renders it once with a stand-in member and writes each member's own JSON into the block.
 */
export interface Visitor {
  user: UserResource | null;
  /** The data block's text, as written into the page (visitorJson, or the cache's placeholder). */
  json: string;
}

const VisitorContext = createContext<Visitor>({ user: null, json: "null" });

export function VisitorProvider({ value, children }: { value: Visitor; children: ReactNode }) {
  return <VisitorContext.Provider value={value}>{children}</VisitorContext.Provider>;
}

export function useVisitor(): Visitor {
  return useContext(VisitorContext);
}

/** The browser's side: the block the server wrote (a guest when it is missing or unreadable). */
export function readVisitor(): Visitor {
  const json = document.getElementById(VISITOR_ELEMENT_ID)?.textContent ?? "null";
  try {
    return { user: JSON.parse(json) as UserResource | null, json };
  } catch {
    return { user: null, json };
  }
}

/** The data block itself; rendered once in the document's body. */
export function VisitorData() {
  const { json } = useVisitor();
  // Not executed (a data block), so it needs no CSP nonce; React keeps the server's text on hydration.
  return <script type="application/json" id={VISITOR_ELEMENT_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
