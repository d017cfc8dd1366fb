import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { InlineStylesheetsProvider } from "./features/layout/styles-first-links.tsx";
import { en } from "./i18n/en.ts";
import { provideDictionary } from "./i18n/i18n.tsx";
import { ja } from "./i18n/ja.ts";
import type { PageContext } from "./load-context.ts";
import { pageContext } from "./load-context.ts";
import { VisitorProvider } from "./shared/auth/visitor.tsx";
import { PageNonceProvider } from "./shared/site/page-nonce.tsx";

provideDictionary("ja", ja);
provideDictionary("en", en);

export const streamTimeout = 5_000;

// React Router's default Node entry, plus the CSP nonce: every inline script React Router writes
// (hydration data, route modules) and the first page's inline stylesheets carry this response's nonce.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const page = loadContext.get(pageContext);
  return renderWhole(request, responseStatusCode, responseHeaders, routerContext, page);
}

/**
 * Every page is rendered to the end into one buffer and answered in one piece. Its data is read
 * from the in-memory catalogue, so nothing waits on a slow source and streaming the shell early
 * would gain nothing; piping React's many small chunks through a web ReadableStream into the
 * socket cost a fifth of a /shop render's CPU (a profile, docs/decisions/039). A page the server
 * keeps for other guests goes to its capture, which stores it and answers it with this visitor's
 * token and nonce in place.
 */
function renderWhole(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  page: PageContext,
): Promise<Response> {
  const capture = page.pageCapture;
  const nonce = page.nonce || undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Pages carry the visitor's CSRF token and sign-in state: never kept by shared caches.
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
        const body = capture ? capture.finish(Buffer.concat(chunks).toString("utf8"), responseStatusCode, responseHeaders) : streamOf(chunks);
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <PageNonceProvider value={nonce}>
        <VisitorProvider value={page.visitor}>
          <InlineStylesheetsProvider value={page.stylesheetText ?? null}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </InlineStylesheetsProvider>
        </VisitorProvider>
      </PageNonceProvider>,
      {
        // The first page's stylesheets are written in as <style> (features/layout/styles-first-links.tsx):
        // React writes this nonce on that tag, and keeps only styles whose own nonce matches it.
        nonce: nonce === undefined ? undefined : { script: nonce, style: nonce },
        // The page is answered whole, so nothing is gained by React's progressive reveal: past this
        // many bytes React would write a finished Suspense boundary (the checkout's form) hidden,
        // behind its fallback, to be swapped in by an inline script that a page without JavaScript
        // never runs (decision 058).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

/**
 * React's chunks as the response's body, handed on as they are. A Buffer given to `new Response`
 * is copied by the Fetch API, and joining the chunks first was a second copy of the page: two
 * ~85 kB allocations per render that live until V8's next collection, tens of MB of the process's
 * malloc heap under load (decision 048).
 */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}
