import { Children, Fragment, isValidElement } from "react";
import type { ReactElement, ReactNode } from "react";
import { Scripts } from "react-router";

interface ScriptChildProps {
  rel?: string;
  href?: string;
  type?: string;
  dangerouslySetInnerHTML?: { __html: string };
}

/**
 * Starts the page's JavaScript once the page has loaded and been painted: adds the modulepreload
 * links, then runs React Router's module script (kept in a non-running script element until then).
 * "Painted" is the first contentful paint reported, then two frames after the load event (the
 * photographs that loaded by then are on screen). A fallback starts it after 4 s should either be
 * held up (a background tab paints nothing).
 */
const START_AFTER_FIRST_PAINT = `(function(){var me=document.currentScript,nonce=me.nonce,started=false,loaded=false,painted=false;
function go(){if(started)return;started=true;var hrefs=JSON.parse(me.getAttribute("data-modules"));
hrefs.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l);});
var s=document.createElement("script");s.type="module";s.nonce=nonce;s.textContent=document.getElementById("kura-hydrate").textContent;document.body.appendChild(s);}
function ready(){if(loaded&&painted)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0);});});}
try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=true;ready();}}).observe({type:"paint",buffered:true});}catch(e){painted=true;}
function onLoad(){loaded=true;ready();}
if(document.readyState==="complete")onLoad();else addEventListener("load",onLoad,{once:true});setTimeout(go,4000);})();`;

/**
 * React Router's <Scripts />, started after the first paint (decision 047). The page is drawn
 * whole from its HTML (styles written in, first-screen photographs preloaded at high priority);
 * the JavaScript only hydrates it. Requested with the HTML, the ~25 modules share a phone's
 * bandwidth and HTTP/1.1's six connections with the photographs, and Lighthouse's simulation counts
 * every request that finished before the largest paint as holding that paint back — on a fast
 * machine the modules arrive first, and the simulated LCP took the whole ~145 kB of JavaScript
 * (2.3–2.9 s instead of ~1 s, varying run to run). So the modules are requested, all at once as
 * modulepreloads, when the page has loaded and painted; the hydration itself is unchanged.
 * `extraModules` are modules the page wants beside the route's (the page's dictionary).
 */
export function HydrationScripts({ nonce, extraModules = [] }: { nonce?: string; extraModules?: string[] }) {
  // Rendered through a call so its children can be rearranged; its hooks run as this component's.
  const scripts = Scripts({ nonce }) as ReactElement<{ children?: ReactNode }> | null;
  if (!scripts) return null;
  const modules = [...extraModules];
  let moduleScript: string | undefined;
  const rest: ReactNode[] = [];
  // Its children: the links, then a fragment holding the context script and the module script.
  const visit = (child: ReactNode): void => {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment) {
      Children.forEach(child.props.children, visit);
    } else if (isValidElement<ScriptChildProps>(child) && child.type === "link" && child.props.rel === "modulepreload" && child.props.href) {
      modules.push(child.props.href);
    } else if (isValidElement<ScriptChildProps>(child) && child.type === "script" && child.props.type === "module") {
      moduleScript = child.props.dangerouslySetInnerHTML?.__html;
    } else {
      rest.push(child);
    }
  };
  Children.forEach(scripts.props.children, visit);
  // Development (Vite's dev server, HMR): no build to wait for, React Router's scripts as they are.
  if (moduleScript === undefined || import.meta.env.DEV) return scripts;
  return (
    <>
      {Children.toArray(rest)}
      <script type="application/x-kura-module" id="kura-hydrate" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: moduleScript }} />
      <script nonce={nonce} data-modules={JSON.stringify(modules)} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_AFTER_FIRST_PAINT }} />
    </>
  );
}
