import { createContext, useContext } from "react";

/**
 * This response's CSP nonce, given by the server's entry (entry.server.tsx) to the document's
 * inline scripts. It cannot come from the root loader's data: a request whose loaders do not run
 * (an error before them, such as a post to a page without an action) renders the error page
 * without that data, and its inline scripts went out without a nonce, refused by the browser
 * (issue 28). In the browser it is undefined: the scripts have run by then.
 */
const PageNonceContext = createContext<string | undefined>(undefined);

export const PageNonceProvider = PageNonceContext.Provider;

export function usePageNonce(): string | undefined {
  return useContext(PageNonceContext);
}
