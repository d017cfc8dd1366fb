import type { RouterContextProvider } from "react-router";
import { pageContext } from "../../load-context.ts";

/**
 * The `data` of GET `path`, read on the server as the visitor with the page, so that a My Page
 * screen is whole before its script has started (decision 057); undefined when the API did not answer 200.
 */
export async function apiData<T>(context: Readonly<RouterContextProvider>, path: string): Promise<T | undefined> {
  const answer = await context.get(pageContext).api("GET", path);
  return answer.status === 200 ? (answer.body as { data?: T } | undefined)?.data : undefined;
}
