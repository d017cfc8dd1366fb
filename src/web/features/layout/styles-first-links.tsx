import { Children, cloneElement, createContext, isValidElement, useContext, useEffect } from "react";
import type { ReactElement, ReactNode } from "react";
import { Links } from "react-router";

interface LinkProps {
  rel?: string;
  href?: string;
  nonce?: string;
  precedence?: string;
}

/** The text of one of the build's stylesheets by its href; undefined for one it does not hold. */
export type StylesheetText = (href: string) => string | undefined;

const InlineStylesheets = createContext<StylesheetText | null>(null);

/**
 * Given on the server (web/entry.server.tsx) in production: the first page's stylesheets are then
 * written into the page instead of linked. Absent in the browser and in development.
 */
export const InlineStylesheetsProvider = InlineStylesheets.Provider;

/** True in the browser when the server wrote this stylesheet into the page (React's `<style data-href="a b …">`). */
function writtenIntoPage(href: string): boolean {
  return typeof document !== "undefined" && document.querySelector(`style[data-href~="${CSS.escape(href)}"]`) !== null;
}

/**
 * React Router's <Links /> with every stylesheet given a React `precedence`, so React writes the
 * stylesheets at the top of <head>, before the ~20 modulepreload links it hoists from <Scripts />.
 *
 * On the server (production) each stylesheet of the first page is written into the page as one
 * `<style nonce>` (React merges those of one precedence into one tag whose data-href lists them),
 * not linked: a linked stylesheet blocks the first paint for its own round trip, which on a phone's
 * network (Lighthouse's Slow 4G: 150 ms, 1.6 Mbit/s) cost more than the ~6 kB gzipped it adds to
 * the page (docs/decisions/043). In the browser the same stylesheet is named by a `<style href
 * precedence>` without text: React finds it by its href in that tag and neither fetches nor adds
 * it again. A stylesheet of a page reached later by a client navigation is linked as before; React
 * keeps such stylesheets across navigations and waits for a new one before it shows the page that
 * needs it (CSS modules are scoped, so a stylesheet kept from an earlier page is inert).
 */
/**
 * On a client navigation React Router preloads the next route's stylesheets (`<link rel="preload"
 * as="style">`) unless a `<link rel="stylesheet">` with the same href is in the page. One the server
 * wrote in as `<style>` has no such link, so the browser fetched it again for nothing and warned
 * that the preload was "not used within a few seconds" (button, notice, … on every page; decision
 * 043). A disabled stylesheet link per written-in href answers React Router's question: the browser
 * neither fetches nor applies a disabled stylesheet, and React never looks at it, since this
 * component names those stylesheets by their `<style>` (below).
 */
export function markStylesheetsWrittenIn(document: Document): void {
  const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute("href")));
  for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
    for (const href of style.dataset.href!.split(/\s+/)) {
      if (!href || present.has(href)) continue;
      const marker = document.createElement("link");
      marker.rel = "stylesheet";
      marker.disabled = true;
      marker.setAttribute("href", href);
      marker.dataset.writtenIn = "";
      document.head.appendChild(marker);
      present.add(href);
    }
  }
}

export function StylesFirstLinks() {
  const stylesheetText = useContext(InlineStylesheets);
  // Once, after hydration: the stylesheets written in are those of the first page only.
  useEffect(() => markStylesheetsWrittenIn(document), []);
  // Rendered through a call so its links can be adjusted; its hooks run as this component's.
  const links = Links({}) as ReactElement<{ children?: ReactNode }>;
  return (
    <>
      {Children.map(links.props.children, (child) => {
        if (!isValidElement<LinkProps>(child) || child.type !== "link" || child.props.rel !== "stylesheet") return child;
        const href = child.props.href;
        const text = href === undefined ? undefined : stylesheetText?.(href);
        if (href !== undefined && text !== undefined) {
          return (
            // The nonce is the response's (React Router gives it to every link): the CSP allows no other inline style.
            <style key={child.key} href={href} precedence="default" nonce={child.props.nonce}>
              {text}
            </style>
          );
        }
        if (href !== undefined && writtenIntoPage(href)) return <style key={child.key} href={href} precedence="default" />;
        return cloneElement(child, { precedence: "default" });
      })}
    </>
  );
}
