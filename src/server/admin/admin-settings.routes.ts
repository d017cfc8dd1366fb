import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DomainError } from "../../domain/errors.ts";
import { fieldMessage, fieldProblems } from "../../domain/field-messages.ts";
import { SETTINGS_RULES, settingsFormSchema } from "../../domain/settings-input.ts";
import { settingsAnswer } from "../../domain/answers/settings.ts";
import { formSchema, schemaIssuesOf, staffOnly } from "../http/route-schemas.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import { settingsLabel } from "./settings-labels.ts";

type SettingsRequest = Parameters<typeof schemaIssuesOf>[0] & { validationContext?: string };

/**
 * The 422 of the settings form's schema: each field's first problem, named as the settings screen
 * names it ("代金引換の手数料（段階1）の金額は0以上の値にしてください"), or a rule's own sentence;
 * `errors` lists them all.
 */
function settingsRefused(failure: SettingsRequest, locale: "ja" | "en"): DomainError {
  const fields: Record<string, string[]> = {};
  for (const issue of schemaIssuesOf(failure)) {
    const field = issue.path.join(".");
    if (fields[field]) continue;
    const rule = SETTINGS_RULES[issue.message as keyof typeof SETTINGS_RULES];
    const path = issue.path.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    fields[field] = [rule ? rule[locale] : fieldMessage(locale, settingsLabel(path, locale), Object.values(fieldProblems([issue]))[0]!)];
  }
  return new DomainError("invalid", undefined, fields, Object.values(fields).flat());
}

/** The shop's settings (the shop profile): the owner's alone, staff get 403. */
export function registerAdminSettingsRoutes(fastify: FastifyInstance, deps: { adminSettings: AdminSettingsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const owner = staffOnly("owner");

  app.get(`${ADMIN_API}/settings`, { ...owner, schema: { response: { 200: settingsAnswer } } }, async () => ({ data: await deps.adminSettings.settings() }));

  /** The whole profile as GET gives it (time bands as a list; domain/settings-input.ts); answers the saved settings or a 422 per field. */
  app.post(`${ADMIN_API}/settings`, { ...owner, ...formSchema({ body: settingsFormSchema, response: { 200: settingsAnswer } }) }, async (request) => {
    const failure = request.validationError as (Error & SettingsRequest) | undefined;
    if (failure && failure.validationContext !== "body") throw failure;
    if (failure) throw settingsRefused(failure, request.locale);
    return { data: await deps.adminSettings.update(request.body) };
  });
}
