import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BackOfficeSecurityInput } from "../../domain/staff-input.ts";
import type { Locale } from "../../domain/locale.ts";
import { DomainError } from "../../domain/errors.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { backOfficeSecurityTable } from "../db/schema/staff.ts";
import { message } from "../i18n/messages.ts";
import type { AllowEntry } from "../security/ip-allow-list.ts";
import { allowListAllows, entryText, parseAllowEntry } from "../security/ip-allow-list.ts";
import type { StaffTwoFactor } from "./staff-two-factor.ts";

/** Other processes on the same PostgreSQL read the rules again when this is notified. */
export const BACK_OFFICE_SECURITY_CHANNEL = "kura_back_office_security_changed";

/** More than a small shop's offices and staff homes; a longer list is refused. */
export const ALLOW_LIST_MAX = 100;

/** The owner's security settings as GET/PUT /admin/api/security answer them. */
export interface BackOfficeSecurityAnswer {
  require_two_factor: boolean;
  allow_ips: string[];
  /** KURA_ADMIN_ALLOW_IPS is set: the list above is kept but not used. */
  env_override: boolean;
  /** The address this request came from, as the allow-list sees it. */
  your_ip: string;
}

const TEXTS = {
  ja: {
    notAddress: (entry: string) => `「${entry}」はIPアドレスまたはCIDR形式の範囲(例: 203.0.113.7、203.0.113.0/24)ではありません。`,
    tooMany: `登録できるのは${ALLOW_LIST_MAX}件までです。`,
    excludesYou: (ip: string) =>
      `このリストには、いま操作している端末のアドレス(${ip})が含まれていません。保存するとこの端末から管理画面を使えなくなります。よろしければ「自分のアドレスが含まれなくても保存する」にチェックを入れてください。`,
  },
  en: {
    notAddress: (entry: string) => `“${entry}” is not an IP address or a CIDR range (e.g. 203.0.113.7, 203.0.113.0/24).`,
    tooMany: `The list can hold up to ${ALLOW_LIST_MAX} entries.`,
    excludesYou: (ip: string) =>
      `This list does not include the address you are using now (${ip}): once saved, the back office will refuse this device. To save it anyway, tick “Save even though my address is not included”.`,
  },
} as const;

/**
 * The back office's access rules (decision 063): the owner's IP allow-list for /admin and
 * /admin/api (empty: any address), which KURA_ADMIN_ALLOW_IPS replaces when set, and whether
 * all staff must sign in with a second factor. The list is kept in memory and read again when
 * any process saves it.
 */
export class BackOfficeSecurity {
  private entries: AllowEntry[] = [];

  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: { twoFactor: StaffTwoFactor },
    private readonly envOverride: AllowEntry[] | undefined,
  ) {}

  async startListening(): Promise<void> {
    await this.reload();
    await this.database.listen(BACK_OFFICE_SECURITY_CHANNEL, () => {
      void this.reload().catch(() => undefined);
    });
  }

  private async reload(): Promise<void> {
    const row = await this.row();
    this.entries = row.allowIps.map(parseAllowEntry).filter((entry): entry is AllowEntry => entry !== null);
  }

  private async row(): Promise<typeof backOfficeSecurityTable.$inferSelect> {
    const [row] = await this.database.db.select().from(backOfficeSecurityTable).where(eq(backOfficeSecurityTable.id, 1));
    return row ?? { id: 1, requireTwoFactor: false, allowIps: [], updatedAt: new Date(0) };
  }

  /** Whether a request from `ip` may reach the back office. */
  allows(ip: string): boolean {
    return allowListAllows(this.envOverride ?? this.entries, ip);
  }

  async settings(ip: string): Promise<BackOfficeSecurityAnswer> {
    const row = await this.row();
    return { require_two_factor: row.requireTwoFactor, allow_ips: row.allowIps, env_override: this.envOverride !== undefined, your_ip: ip };
  }

  /**
   * Saves the owner's rules. Every entry must be an address or range; a list that leaves out the
   * owner's own address is refused unless `confirm_lockout` is true. Requiring a second factor of
   * everyone ends the sessions of staff who have none (they enrol at their next sign-in).
   */
  /** The checked form (backOfficeSecuritySchema): a field left out keeps its value. */
  async update(input: BackOfficeSecurityInput, ip: string, locale: Locale): Promise<BackOfficeSecurityAnswer> {
    const texts = TEXTS[locale];
    const current = await this.row();
    const requireTwoFactor = input.require_two_factor ?? current.requireTwoFactor;
    const typed = input.allow_ips ?? current.allowIps;
    const errors: string[] = [];
    const entries: AllowEntry[] = [];
    for (const raw of typed) {
      const text = raw.trim();
      if (text === "") continue;
      const entry = parseAllowEntry(text);
      if (entry) entries.push(entry);
      else errors.push(texts.notAddress(text.slice(0, 60)));
    }
    if (entries.length > ALLOW_LIST_MAX) errors.push(texts.tooMany);
    if (errors.length === 0 && entries.length > 0 && !allowListAllows(entries, ip) && !input.confirm_lockout) errors.push(texts.excludesYou(ip));
    if (errors.length > 0) throw new DomainError("invalid", undefined, { allow_ips: errors }, errors);
    const allowIps = [...new Set(entries.map(entryText))];
    await this.database.db.update(backOfficeSecurityTable).set({ requireTwoFactor, allowIps, updatedAt: new Date() }).where(eq(backOfficeSecurityTable.id, 1));
    if (requireTwoFactor && !current.requireTwoFactor) await this.deps.twoFactor.endSessionsWithoutSecondFactor();
    await this.reload();
    await this.database.notify(BACK_OFFICE_SECURITY_CHANNEL);
    return this.settings(ip);
  }
}

/** Whether a path is the back office's: its pages (and their data requests) and its API. */
export function isBackOfficePath(url: string): boolean {
  const path = url.split("?", 1)[0]!;
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.");
}

function refusedPage(): string {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>アクセスできません / Access refused</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.7">
<h1 style="font-size: 1.5rem">アクセスできません</h1>
<p>${message("adminIpRefused", "ja")}管理画面は、オーナーが許可したネットワークからのみご利用いただけます。</p>
<h2 lang="en" style="font-size: 1.25rem">Access refused</h2>
<p lang="en">${message("adminIpRefused", "en")} The back office can only be used from the networks the owner has allowed.</p>
</body></html>
`;
}

/**
 * Refuses back-office requests from addresses outside the allow-list before any route reads
 * them: 403, a plain page in Japanese and English (JSON under /admin/api), and a log line with the
 * path only (the address is personal data). The client address is Fastify's `request.ip`, which
 * takes X-Forwarded-For only with TRUST_PROXY.
 */
export function registerBackOfficeAllowList(app: FastifyInstance, security: BackOfficeSecurity): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!isBackOfficePath(request.url) || security.allows(request.ip)) return;
    request.log.warn({ path: request.url.split("?", 1)[0] }, "back office request refused by the IP allow-list");
    reply.header("cache-control", "no-store");
    if (request.url.startsWith("/admin/api")) return reply.status(403).send({ errors: [message("adminIpRefused", request.locale ?? "ja")] });
    return reply.status(403).type("text/html; charset=utf-8").send(refusedPage());
  });
}
