import { Children, cloneElement, isValidElement } from "react";
import type { ReactElement, ReactNode } from "react";
import { Links } from "react-router";

interface LinkProps {
  rel?: string;
  precedence?: string;
}

/**
 * React Router's <Links /> with every stylesheet given a React `precedence`, so React writes the
 * stylesheets at the top of <head>, before the ~20 modulepreload links it hoists from <Scripts />.
 * Without it the render-blocking CSS is requested after the JavaScript and, over HTTP/1.1's six
 * connections per host, waits for it: Lighthouse (mobile) measured the first paint ~1 s later.
 * React keeps such stylesheets across client navigations and waits for a new one before it shows
 * the page that needs it (CSS modules are scoped, so a stylesheet kept from an earlier page is inert).
 */
export function StylesFirstLinks() {
  // Rendered through a call so its links can be adjusted; its hooks run as this component's.
  const links = Links({}) as ReactElement<{ children?: ReactNode }>;
  return (
    <>
      {Children.map(links.props.children, (child) =>
        isValidElement<LinkProps>(child) && child.type === "link" && child.props.rel === "stylesheet"
          ? cloneElement(child, { precedence: "default" })
          : child,
      )}
    </>
  );
}
