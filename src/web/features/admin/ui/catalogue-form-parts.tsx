import { Button } from "../../../ui/button.tsx";
import { Input, Textarea } from "../../../ui/field.tsx";
import css from "../admin-catalogue.module.css";
import { useAdminText } from "../admin-i18n.ts";

// The parts the product and exhibit forms draw alike.

type BilingualField = "name_ja" | "name_en" | "description_ja" | "description_en";

/** What a catalogue form hands each of its text fields: its name, value, message and change. */
interface TextFieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
}

/**
 * A catalogue item's name and description, Japanese beside English, as the product and exhibit
 * forms both ask for them (the English ones marked `lang="en"` for the browser's spelling).
 */
export function BilingualFields(props: { text: (name: BilingualField) => TextFieldProps; rows: number; nameMaxLength?: number }) {
  const ta = useAdminText();
  const { text, rows, nameMaxLength } = props;
  return (
    <>
      <div className={css.pair}>
        <Input label={ta("adminProduct.nameJa")} required maxLength={nameMaxLength} {...text("name_ja")} />
        <Input label={ta("adminProduct.nameEn")} required maxLength={nameMaxLength} lang="en" {...text("name_en")} />
      </div>
      <div className={css.pair}>
        <Textarea label={ta("adminProduct.descriptionJa")} rows={rows} {...text("description_ja")} />
        <Textarea label={ta("adminProduct.descriptionEn")} rows={rows} lang="en" {...text("description_en")} />
      </div>
    </>
  );
}

/** The form's submit, which says it is saving (and takes no second click) while the save is under way. */
export function SaveButton({ saving, label }: { saving: boolean; label: string }) {
  const ta = useAdminText();
  return (
    <div>
      <Button type="submit" disabled={saving}>
        {saving ? ta("adminProduct.saving") : label}
      </Button>
    </div>
  );
}
