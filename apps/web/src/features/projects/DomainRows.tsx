import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Field } from '@/ui/Field.tsx';
import { Input } from '@/ui/Input.tsx';

type DomainRowsProps = {
  domains: readonly string[];
  onChange: (domains: string[]) => void;
  /** Field errors by path (`domains.0`, `domains.1`, …). */
  errorOf: (path: string) => string[] | undefined;
  addLabel: string;
};

/**
 * spec point 2: the first row is the main domain; the add-redirect link '(301, 302)' adds a row;
 * every row but the first has a remove icon.
 */
export function DomainRows({ domains, onChange, errorOf, addLabel }: DomainRowsProps) {
  const { t } = useTranslation();
  const set = (index: number, value: string) => onChange(domains.map((d, i) => (i === index ? value : d)));
  return (
    <div className="space-y-3">
      {domains.map((domain, index) => (
        <Field
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional, like their error paths
          key={index}
          label={index === 0 ? t('projects.create.domain') : t('projects.create.redirect')}
          error={errorOf(`domains.${index}`)}
          hint={index === 0 ? t('projects.create.domainHint') : undefined}
        >
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                name={`domains.${index}`}
                value={domain}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('projects.create.domainPlaceholder')}
                onChange={(e) => set(index, e.target.value)}
              />
              {index > 0 ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="shrink-0"
                  aria-label={t('projects.create.removeDomain', { domain: domain || index + 1 })}
                  onClick={() => onChange(domains.filter((_, i) => i !== index))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              ) : null}
            </div>
          )}
        </Field>
      ))}
      <button
        type="button"
        onClick={() => onChange([...domains, ''])}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Plus className="size-4" aria-hidden />
        {addLabel}
      </button>
    </div>
  );
}
