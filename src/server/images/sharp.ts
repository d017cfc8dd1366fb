import type Sharp from "sharp";

/**
 * sharp, loaded the first time a picture is decoded or a variant made. A running shop serves the
 * variants it has already made from the database and memory, so most processes never need it;
 * loading it at start cost ~20 MB of the server's memory (decision 048).
 */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import("sharp")).default;
}
