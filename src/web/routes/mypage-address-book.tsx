import { useEffect, useRef, useState } from "react";
import type { Route } from "./+types/mypage-address-book";
import type { AddressResource } from "../../domain/address.ts";
import type { AddressBookEntry } from "../../domain/address-book.ts";
import { ADDRESS_BOOK_MAX_ENTRIES } from "../../domain/address-book.ts";
import { AddressBookCard } from "../features/address-book/address-book-card.tsx";
import type { SaveOutcome } from "../features/address-book/address-book-form.tsx";
import { AddressBookForm } from "../features/address-book/address-book-form.tsx";
import styles from "../features/address-book/address-book.module.css";
import { useSessionLost } from "../shared/auth/account-form.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

interface Loaded {
  /** The spec's saved address (GET /api/address): the member's own, the default delivery address. */
  own: AddressResource | null;
  entries: AddressBookEntry[];
}

/** Which form is open: none, the one adding an entry, or the one changing entry {id}. */
type Editing = null | "new" | number;

/**
 * /mypage/address-book: the member's own saved address (spec /mypage/address), marked as the
 * default, and the address book below it — the people they send to, each added, changed and
 * deleted here (after a confirmation) and chosen at checkout as お届け先. Read after hydration.
 */
export default function MyPageAddressBook() {
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const [busy, setBusy] = useState(false);
  // When a form closes, focus goes back to the button that opened it (else it would fall to the page's start).
  const opener = useRef<string | null>(null);

  useEffect(() => {
    if (editing !== null || !opener.current) return;
    document.querySelector<HTMLElement>(`[data-opens="${opener.current}"]`)?.focus();
    opener.current = null;
  }, [editing]);

  function openForm(form: Editing) {
    opener.current = form === "new" ? "new" : `entry-${form}`;
    setEditing(form);
  }

  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    Promise.all([callApi<{ data: AddressResource | null }>(locale, "/address", options), callApi<{ data: AddressBookEntry[] }>(locale, "/address-book", options)])
      .then(([own, book]) => {
        if (own.status === 401 || book.status === 401) return sessionLost(undefined);
        if (!book.ok || !book.body) throw new Error(`GET /api/address-book answered ${book.status}`);
        // GET /api/address answers 404 or null when nothing is saved yet.
        setLoaded({ own: own.ok ? (own.body?.data ?? null) : null, entries: book.body.data });
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("address book not loaded", failure);
        setLoadFailed(true);
      });
    return () => controller.abort();
  }, [locale, sessionLost]);

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
    setEditing(null);
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
        {loadFailed ? <Notice tone="danger">{t("addressBook.loadFailed")}</Notice> : <p role="status">{t("addressBook.loading")}</p>}
      </section>
    );
  }

  const full = loaded.entries.length >= ADDRESS_BOOK_MAX_ENTRIES;
  const form = (entry: AddressBookEntry | null) => <AddressBookForm entry={entry} onDone={saved} onCancel={() => setEditing(null)} />;
  return (
    <section>
      <h1 className="page-title">{t("addressBook.title")}</h1>
      <p>{t("addressBook.lead")}</p>

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
              <TransitionLink to="/mypage/address" className={buttonClass("secondary")}>
                {t("addressBook.defaultChange")}
              </TransitionLink>
            }
          />
        ) : (
          <div className={styles.card} data-testid="default-address">
            <p>{t("addressBook.defaultNone")}</p>
            <div className={styles.actions}>
              <TransitionLink to="/mypage/address" className={buttonClass("secondary")}>
                {t("addressBook.defaultAdd")}
              </TransitionLink>
            </div>
          </div>
        )}
      </div>

      <h2 className={styles.heading}>
        {t("addressBook.listHeading")} <span className={styles.count}>{t("addressBook.count", { count: loaded.entries.length, max: ADDRESS_BOOK_MAX_ENTRIES })}</span>
      </h2>
      {loaded.entries.length === 0 ? (
        <p>{t("addressBook.empty")}</p>
      ) : (
        <ul className={styles.list}>
          {loaded.entries.map((entry) => (
            <li key={entry.id}>
              {editing === entry.id ? (
                form(entry)
              ) : (
                <AddressBookCard
                  name={entry.name}
                  phone={entry.phone}
                  address={entry}
                  actions={
                    <>
                      <Button variant="secondary" data-opens={`entry-${entry.id}`} onClick={() => openForm(entry.id)}>
                        {t("addressBook.edit")}
                      </Button>
                      <Button variant="ghost" onClick={() => setDeleting(entry)}>
                        {t("addressBook.delete")}
                      </Button>
                    </>
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === "new" ? (
        form(null)
      ) : full ? (
        <Notice tone="info">{t("addressBook.full", { max: ADDRESS_BOOK_MAX_ENTRIES })}</Notice>
      ) : (
        <Button data-opens="new" onClick={() => openForm("new")}>
          {t("addressBook.add")}
        </Button>
      )}

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("addressBook.deleteTitle")}
        closeLabel={t("addressBook.close")}
        testId="address-book-delete-dialog"
        footer={
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t("addressBook.deleteKeep")}
            </Button>
            <Button className={styles.danger} disabled={busy} onClick={() => deleting && void remove(deleting)}>
              {t("addressBook.deleteConfirm")}
            </Button>
          </div>
        }
      >
        <p>{t("addressBook.deleteBody", { name: deleting?.name ?? "" })}</p>
      </Dialog>
    </section>
  );
}
