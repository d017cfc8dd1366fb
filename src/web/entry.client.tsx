import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadDictionary } from "./i18n/i18n.tsx";
import { VisitorProvider, readVisitor } from "./shared/auth/visitor.tsx";

// React Router's default client entry, after loading the one dictionary the page is written in
// (a language switch reloads the page): the other language's ~12 kB gzipped stays on the server.
void loadDictionary(document.documentElement.lang === "en" ? "en" : "ja").then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <VisitorProvider value={readVisitor()}>
          <HydratedRouter />
        </VisitorProvider>
      </StrictMode>,
    );
  });
});
