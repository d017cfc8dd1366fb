import { TransitionLink } from "../../shared/layout/page-transition.tsx";
import { useI18n } from "../../i18n/i18n.tsx";

/** Where a product or an exhibit sits: the list it belongs to, then (for a product) its series from the top down. */
export function Breadcrumb({ trail, className }: { trail: readonly { to: string; label: string }[]; className: string | undefined }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("catalog.breadcrumb")} className={className}>
      <ol>
        {trail.map((step) => (
          <li key={step.to}>
            <TransitionLink to={step.to}>{step.label}</TransitionLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
