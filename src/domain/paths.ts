/**
 * A return path taken from the address bar (after sign-in, after a language switch) must stay on
 * this site: anything else would be an open redirect.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback = "/"): string {
  if (!candidate || !candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) {
    return fallback;
  }
  return candidate;
}
