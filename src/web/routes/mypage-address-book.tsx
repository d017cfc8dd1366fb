import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/mypage-address-book";
import type { AddressResource } from "../../domain/address.ts";
import type { AddressBookEntry } from "../../domain/address-book.ts";
import { ADDRESS_BOOK_MAX_ENTRIES } from "../../domain/address-book.ts";
import { AddressBookCard } from "../features/address-book/address-book-card.tsx";
import type { SaveOutcome } from "../features/address-book/address-book-form.tsx";
import { ADDRESS_BOOK_PATH, AddressBookForm } from "../features/address-book/address-book-form.tsx";
import styles from "../features/address-book/address-book.module.css";
import { postedCountry } from "../shared/address/posted-country.ts";
import { postedRecipientFormValue, recipientPayload } from "../shared/address/recipient-fields.tsx";
import { useSessionLost } from "../shared/auth/account-form.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import { ButtonLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import type { ApiRequest } from "../shared/site/form-action.ts";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { newIdempotencyKey } from "../shared/site/request-key.ts";
import { pageContext } from "../load-context.ts";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import "../i18n/address-book-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

interface Loaded {
  /** The contract's saved address (GET /api/address): the member's own, the default delivery address. */
  own: AddressResource | null;
  entries: AddressBookEntry[];
}

/** Which form is open: none, the one adding an entry, or the one changing entry {id}. */
type Editing = null | "new" | number;

/**
 * The member's own address and the address book as GET /api/address and GET /api/address-book
 * answer them, read with the page (decision 059) so the list, its links and forms are whole before
 * (or without) JavaScript; null when the book was not answered. `requestKey` is the key an entry
 * added from this page is sent with (decision 049).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const [own, book] = await Promise.all([page.api("GET", "/api/address"), page.api("GET", "/api/address-book")]);
  const entries = book.status === 200 ? (book.body as { data?: AddressBookEntry[] } | undefined)?.data : undefined;
  const loaded: Loaded | null = entries
    ? { own: own.status === 200 ? ((own.body as { data?: AddressResource | null } | undefined)?.data ?? null) : null, entries }
    : null;
  return { loaded, requestKey: newIdempotencyKey() };
}

const DONE_ID = "address-book-done";

/** What the list says after a form posted without JavaScript was accepted (`?done=`). */
const DONE: Record<string, MessageKey> = { added: "addressBook.added", updated: "addressBook.updated", deleted: "addressBook.deleted" };

/** The entry id a form posted, as the API's path takes it (anything else is the API's 400/404 to answer). */
const entryPath = (id: string | undefined) => `/api/address-book/${encodeURIComponent((id ?? "").trim() || "0")}`;

/**
 * The forms posted without JavaScript (decision 059): `intent` add, edit or delete runs the same
 * POST, PUT or DELETE the page's script sends, then the list again (a 303) saying what was done;
 * a refused form comes back open with the API's messages under its fields.
 */
export async function action(args: Route.ActionArgs) {
  const page = args.context.get(pageContext);
  return formAction(
    args,
    async (values): Promise<ApiRequest> => {
      if (values.intent === "delete") return { method: "DELETE", path: entryPath(values.id) };
      const value = postedRecipientFormValue(values);
      const country = await postedCountry(page, values);
      const body = recipientPayload({ ...value, address: { ...value.address, country: { id: country, name: value.address.country.name } } });
      if (values.intent === "edit") return { method: "PUT", path: entryPath(values.id), body };
      return { method: "POST", path: "/api/address-book", body, keyed: true };
    },
    (_answer, values) => ({
      // The fragment names the notice: without it the browser would keep the form's (#address-book-form).
      redirectTo: `${ADDRESS_BOOK_PATH}?done=${values.intent === "delete" ? "deleted" : values.intent === "edit" ? "updated" : "added"}#${DONE_ID}`,
    }),
  );
}

/** The form a page drawn by the server opens: from the address (`?add`, `?edit=`), or the refused post's. */
function openedByServer(searchParams: URLSearchParams, refused: Record<string, string> | undefined): { editing: Editing; deleting: number | null } {
  const idOf = (text: string | null | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);
  if (refused?.intent === "add") return { editing: "new", deleting: null };
  if (refused?.intent === "edit" && idOf(refused.id) !== null) return { editing: idOf(refused.id), deleting: null };
  if (refused?.intent === "delete") return { editing: null, deleting: idOf(refused.id) };
  if (searchParams.has("add")) return { editing: "new", deleting: null };
  const edit = idOf(searchParams.get("edit"));
  if (edit !== null) return { editing: edit, deleting: null };
  return { editing: null, deleting: idOf(searchParams.get("delete")) };
}

/**
 * /mypage/address-book: the member's own saved address (spec /mypage/address), marked as the
 * default, and the address book below it — the people they send to, each added, changed and
 * deleted here (after a confirmation) and chosen at checkout as お届け先. Drawn with the page; its
 * buttons are links (`?add`, `?edit=`, `?delete=`) that open the form or the confirmation on the
 * server before (or without) JavaScript, and in place after it (decision 059).
 */
export default function MyPageAddressBook({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const refusal = refusalOf(actionData);
  const [opened] = useState(() => openedByServer(searchParams, refusal?.values));
  const [loaded, setLoaded] = useState<Loaded | null>(loaderData.loaded);
  const [editing, setEditing] = useState<Editing>(opened.editing);
  // The deletion asked on the page (drawn by the server), and the one asked in the dialog (after a click).
  const [asked, setAsked] = useState<number | null>(opened.deleting);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const [busy, setBusy] = useState(false);
  // What the server's page said after a post without JavaScript; dropped once something else is done here.
  const [done, setDone] = useState<MessageKey | undefined>(refusal ? undefined : DONE[searchParams.get("done") ?? ""]);
  // When a form closes, focus goes back to the button that opened it (else it would fall to the page's start).
  const opener = useRef<string | null>(null);

  useEffect(() => {
    if (editing !== null || !opener.current) return;
    document.querySelector<HTMLElement>(`[data-opens="${opener.current}"]`)?.focus();
    opener.current = null;
  }, [editing]);

  /** Back to the bare list's address, so a reload does not open a form the member has closed. */
  function settle() {
    setDone(undefined);
    setAsked(null);
    if (searchParams.size > 0) void navigate(ADDRESS_BOOK_PATH, { replace: true, preventScrollReset: true });
  }

  function openForm(form: Editing) {
    opener.current = form === "new" ? "new" : `entry-${form}`;
    setDone(undefined);
    setAsked(null);
    setEditing(form);
  }

  function closeForm() {
    setEditing(null);
    settle();
  }

  function saved(outcome: SaveOutcome) {
    if ("sessionLost" in outcome) return sessionLost(outcome.sessionLost);
    if ("failed" in outcome) return snackbar.show("danger", outcome.failed);
    const entry = outcome.saved;
    setLoaded((current) => {
      if (!current) return current;
      const known = current.entries.some((each) => each.id === entry.id);
      return { ...current, entries: known ? current.entries.map((each) => (each.id === entry.id ? entry : each)) : [...current.entries, entry] };
    });
    snackbar.show("success", editing === "new" ? t("addressBook.added") : t("addressBook.updated"));
    closeForm();
  }

  async function remove(entry: AddressBookEntry) {
    setBusy(true);
    try {
      const result = await callApi<{ errors?: string[] }>(locale, `/address-book/${entry.id}`, { method: "DELETE" });
      if (result.status === 401) return sessionLost(result.body?.errors);
      // 404: already deleted (in another tab); either way it is gone.
      if (result.ok || result.status === 404) {
        setLoaded((current) => current && { ...current, entries: current.entries.filter((each) => each.id !== entry.id) });
        if (editing === entry.id) setEditing(null);
        settle();
        snackbar.show("success", t("addressBook.deleted"));
      } else {
        console.warn("address book entry not deleted", result.status);
        snackbar.show("danger", t("addressBook.deleteFailed"));
      }
    } catch (failure) {
      console.warn("address book entry not deleted", failure);
      snackbar.show("danger", t("addressBook.deleteFailed"));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  if (!loaded) {
    return (
      <section>
        <h1 className="page-title">{t("addressBook.title")}</h1>
        <Notice tone="danger">{t("addressBook.loadFailed")}</Notice>
      </section>
    );
  }

  const full = loaded.entries.length >= ADDRESS_BOOK_MAX_ENTRIES;
  const refusedFor = (form: Editing) =>
    refusal &&
    ((form === "new" && refusal.values.intent === "add") ||
      (typeof form === "number" && refusal.values.intent === "edit" && refusal.values.id === String(form)))
      ? refusal
      : undefined;
  const formShown = (editing === "new" && !full) || (typeof editing === "number" && loaded.entries.some((entry) => entry.id === editing));
  const refusalShownInForm = refusal && formShown && refusedFor(editing) !== undefined;
  const form = (entry: AddressBookEntry | null) => (
    <AddressBookForm entry={entry} onDone={saved} onCancel={closeForm} requestKey={loaderData.requestKey} refusal={refusedFor(entry ? entry.id : "new")} />
  );
  const confirmation = (entry: AddressBookEntry) => (
    <section id="address-book-confirm" className={styles.confirm} aria-labelledby="address-book-confirm-title" data-testid="address-book-delete-confirm">
      <h3 id="address-book-confirm-title">{t("addressBook.deleteTitle")}</h3>
      <p>{t("addressBook.deleteBody", { name: entry.name })}</p>
      <form
        method="post"
        className={styles.actions}
        onSubmit={(event) => {
          event.preventDefault();
          void remove(entry);
        }}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={entry.id} />
        <Button type="submit" className={styles.danger} disabled={busy}>
          {t("addressBook.deleteConfirm")}
        </Button>
        <a
          href={ADDRESS_BOOK_PATH}
          className={buttonClass("secondary")}
          onClick={(event) => {
            event.preventDefault();
            settle();
          }}
        >
          {t("addressBook.deleteKeep")}
        </a>
      </form>
    </section>
  );
  return (
    <section>
      <h1 className="page-title">{t("addressBook.title")}</h1>
      <p>{t("addressBook.lead")}</p>
      {done && (
        <div id={DONE_ID}>
          <Notice tone="success" testId="address-book-done">
            {t(done)}
          </Notice>
        </div>
      )}
      {refusal && !refusalShownInForm && <RefusedNotice errors={refusal.errors} />}

      <h2 className={styles.heading}>{t("addressBook.defaultHeading")}</h2>
      <p className={styles.note}>{t("addressBook.defaultNote")}</p>
      <div className={styles.list}>
        {loaded.own ? (
          <AddressBookCard
            name={user?.user_name ?? ""}
            phone={user?.tel ?? ""}
            address={loaded.own}
            isDefault
            testId="default-address"
            actions={
              <ButtonLink to="/mypage/address" variant="secondary">
                {t("addressBook.defaultChange")}
              </ButtonLink>
            }
          />
        ) : (
          <div className={styles.card} data-testid="default-address">
            <p>{t("addressBook.defaultNone")}</p>
            <div className={styles.actions}>
              <ButtonLink to="/mypage/address" variant="secondary">
                {t("addressBook.defaultAdd")}
              </ButtonLink>
            </div>
          </div>
        )}
      </div>

      <h2 className={styles.heading}>
        {t("addressBook.listHeading")}{" "}
        <span className={styles.count}>{t("addressBook.count", { count: loaded.entries.length, max: ADDRESS_BOOK_MAX_ENTRIES })}</span>
      </h2>
      {loaded.entries.length === 0 ? (
        <p>{t("addressBook.empty")}</p>
      ) : (
        <ul className={styles.list}>
          {loaded.entries.map((entry) => (
            <li key={entry.id}>
              {editing === entry.id ? (
                form(entry)
              ) : asked === entry.id ? (
                confirmation(entry)
              ) : (
                <AddressBookCard
                  name={entry.name}
                  phone={entry.phone}
                  address={entry}
                  actions={
                    <>
                      <a
                        href={`${ADDRESS_BOOK_PATH}?edit=${entry.id}#address-book-form`}
                        className={buttonClass("secondary")}
                        data-opens={`entry-${entry.id}`}
                        onClick={(event) => {
                          event.preventDefault();
                          openForm(entry.id);
                        }}
                      >
                        {t("addressBook.edit")}
                      </a>
                      <a
                        href={`${ADDRESS_BOOK_PATH}?delete=${entry.id}#address-book-confirm`}
                        className={buttonClass("ghost")}
                        onClick={(event) => {
                          event.preventDefault();
                          setDeleting(entry);
                        }}
                      >
                        {t("addressBook.delete")}
                      </a>
                    </>
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === "new" && !full ? (
        form(null)
      ) : full ? (
        <Notice tone="info">{t("addressBook.full", { max: ADDRESS_BOOK_MAX_ENTRIES })}</Notice>
      ) : (
        <a
          href={`${ADDRESS_BOOK_PATH}?add#address-book-form`}
          className={buttonClass("primary")}
          data-opens="new"
          onClick={(event) => {
            event.preventDefault();
            openForm("new");
          }}
        >
          {t("addressBook.add")}
        </a>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("addressBook.deleteTitle")}
        closeLabel={t("addressBook.close")}
        testId="address-book-delete-dialog"
        keepLabel={t("addressBook.deleteKeep")}
        confirmLabel={t("addressBook.deleteConfirm")}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
      >
        <p>{t("addressBook.deleteBody", { name: deleting?.name ?? "" })}</p>
      </ConfirmDialog>
    </section>
  );
}
