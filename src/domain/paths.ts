/** Any origin that cannot be a real one: a return path is resolved against it to see where it leads. */
const PROBE_ORIGIN = "http://return-path.invalid";

/**
 * Control characters (C0, DEL, C1) and backslashes. Browsers drop TAB, CR and LF from a URL and read
 * "\" as "/", so "/\t/evil.example" and "/\evil.example" lead to another host; CR and LF would also
 * make the Location header itself invalid (a 500).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const REFUSED_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * A return path taken from the address bar (after sign-in, after a language switch) must stay on
 * this site: anything else would be an open redirect. The path is resolved as a browser would and
 * answered in its resolved, percent-encoded form (so "/／evil" stays a path on this site, written
 * in ASCII); whatever resolves to another host ("//x", "/.//x") gets the fallback.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback = "/"): string {
  if (!candidate || !candidate.startsWith("/") || REFUSED_CHARACTERS.test(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== PROBE_ORIGIN || !path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
