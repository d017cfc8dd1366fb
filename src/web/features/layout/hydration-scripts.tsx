import { Children, cloneElement, isValidElement } from "react";
import type { ReactElement, ReactNode } from "react";
import { Scripts } from "react-router";

interface LinkProps {
  rel?: string;
}

/**
 * React Router's <Scripts /> with its ~20–30 modulepreload links asking for low fetch priority.
 * The page is drawn from its HTML (styles written in, first-screen images preloaded at high
 * priority); the JavaScript only hydrates it. At the browser's default (high) the modules share
 * HTTP/1.1's six connections with the first-screen photographs on equal terms, and Lighthouse's
 * simulation counts every high-priority script loaded before the first paint as holding that
 * paint back (docs/decisions/043). The modules are still requested at once and hydrate as soon
 * as they have arrived.
 */
export function HydrationScripts({ nonce }: { nonce?: string }) {
  // Rendered through a call so its links can be adjusted; its hooks run as this component's.
  const scripts = Scripts({ nonce }) as ReactElement<{ children?: ReactNode }> | null;
  if (!scripts) return null;
  return (
    <>
      {Children.map(scripts.props.children, (child) =>
        isValidElement<LinkProps>(child) && child.type === "link" && child.props.rel === "modulepreload"
          ? cloneElement(child as ReactElement<{ fetchPriority?: string }>, { fetchPriority: "low" })
          : child,
      )}
    </>
  );
}
