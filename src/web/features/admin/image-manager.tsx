import { useRef, useState } from "react";
import type { adminExhibitAnswer, adminProductAnswer } from "../../../domain/answers/admin-catalog.ts";
import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { ChangeEvent } from "react";
import type { AdminImage } from "../../../domain/admin-catalog.ts";
import { Button } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import { callAdminApi, errorsOf } from "./admin-api.ts";
import type { AdminText } from "./admin-i18n.ts";
import { useAdminText } from "./admin-i18n.ts";
import css from "./admin-catalogue.module.css";
import { DirectUploadError, directUpload } from "./direct-upload.ts";

/** The fixed wording of a failed upload, then the server's own reason when it gave one. */
function uploadFailure(error: unknown, ta: AdminText, fileName: string): string[] {
  if (!(error instanceof DirectUploadError)) return [ta("adminImages.errorStoring", { file: fileName, status: 0 })];
  const { filename: file, status } = error;
  const headline =
    error.step === "read"
      ? ta("adminImages.errorReading", { file })
      : error.step === "blob"
        ? ta("adminImages.errorCreatingBlob", { file, status })
        : ta("adminImages.errorStoring", { file, status });
  return [headline, ...error.details];
}

/** Moves the item at `from` to `to`, the others shifting. */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** POST and PUT …/{products|exhibits}/{id}/images: the product or exhibit after the change, with its pictures; or a refusal. */
type ImagesAnswer = AnswerOrRefusal<typeof adminProductAnswer> | AnswerOrRefusal<typeof adminExhibitAnswer>;

/**
 * The pictures of a product or exhibit: upload (direct upload, several files at once), reorder by
 * drag or by the up/down buttons (a tablet has no drag), and remove. The first picture is the one
 * the shop shows on tiles. Every change is saved at once.
 */
export function ImageManager({ ownerPath, images, label }: { ownerPath: string; images: AdminImage[]; label: string }) {
  const ta = useAdminText();
  const [list, setList] = useState(images);
  const [status, setStatus] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const dragged = useRef<number | null>(null);

  // Fresh data from the page (after a save elsewhere on it) replaces the list shown.
  const [given, setGiven] = useState(images);
  if (given !== images) {
    setGiven(images);
    setList(images);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    setProblems([]);
    const found: string[] = [];
    for (const file of files) {
      setStatus(ta("adminImages.uploading", { file: file.name }));
      try {
        const signedId = await directUpload(file);
        const attached = await callAdminApi<ImagesAnswer>(`${ownerPath}/images`, {
          method: "POST",
          body: { signed_id: signedId },
        });
        if (attached.ok && attached.body?.data) setList(attached.body.data.images);
        else found.push(...errorsOf(attached.body, ta("adminImages.errorStoring", { file: file.name, status: attached.status })));
      } catch (error) {
        found.push(...uploadFailure(error, ta, file.name));
      }
    }
    input.value = "";
    setStatus(null);
    setProblems(found);
  }

  async function arrange(next: AdminImage[]) {
    const before = list;
    setList(next);
    setProblems([]);
    const result = await callAdminApi<ImagesAnswer>(`${ownerPath}/images`, {
      method: "PUT",
      body: { image_ids: next.map((image) => image.id) },
    }).catch(() => undefined);
    if (result?.ok && result.body?.data) setList(result.body.data.images);
    else {
      setList(before);
      setProblems(errorsOf(result?.body, ta("admin.requestFailed")));
    }
  }

  return (
    <section className={css.images} aria-label={label} data-testid="image-manager">
      <h2 className={css.subTitle}>{label}</h2>
      <p className={css.hint}>{ta("adminImages.hint")}</p>
      {list.length === 0 ? (
        <p className={css.hint}>{ta("adminImages.none")}</p>
      ) : (
        <ol className={css.imageList}>
          {list.map((image, index) => (
            <li
              key={image.id}
              className={css.imageItem}
              data-testid="image-item"
              data-image-id={image.id}
              draggable
              onDragStart={() => (dragged.current = index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged.current !== null && dragged.current !== index) void arrange(moved(list, dragged.current, index));
                dragged.current = null;
              }}
            >
              <img
                src={`/images/${image.id}/240w.webp`}
                width={120}
                height={Math.round((120 * image.height) / image.width)}
                alt={ta("adminImages.alt", { n: index + 1 })}
              />
              <span className={css.imageTools}>
                <Button
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => void arrange(moved(list, index, index - 1))}
                  aria-label={ta("adminImages.up", { n: index + 1 })}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  disabled={index === list.length - 1}
                  onClick={() => void arrange(moved(list, index, index + 1))}
                  aria-label={ta("adminImages.down", { n: index + 1 })}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => void arrange(list.filter((other) => other.id !== image.id))}
                  aria-label={ta("adminImages.remove", { n: index + 1 })}
                >
                  {ta("adminImages.removeShort")}
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <label className={css.upload}>
        <span>{ta("adminImages.add")}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          onChange={(event) => void upload(event)}
          disabled={status !== null}
          data-testid="image-upload"
        />
      </label>
      {status && <p role="status">{status}</p>}
      {problems.length > 0 && (
        <Notice tone="danger" testId="image-errors">
          {problems.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </Notice>
      )}
    </section>
  );
}
